package muxwatch

import "testing"

// TestWatcherClose sends two events through the mux; the watcher stops
// after the first. It returns without waiting; deadlocked goroutines leak.
func TestWatcherClose(t *testing.T) {
	m := New()
	w := m.Watch()
	go m.Loop(2)
	go func() {
		m.Action(1)
		m.Action(2)
	}()
	go func() {
		<-w.Result
		w.Stop()
	}()
}
