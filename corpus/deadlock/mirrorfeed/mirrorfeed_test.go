package mirrorfeed

import "testing"

// TestCheckMirror publishes two events to a checker that reads both
// feeds. It returns without waiting; deadlocked goroutines leak.
func TestCheckMirror(t *testing.T) {
	b := NewBus()
	primary, backup := b.Subscribe("primary"), b.Subscribe("backup")
	go Check(primary, backup, 2)
	go func() {
		b.Publish("e1")
		b.Publish("e2")
	}()
}
