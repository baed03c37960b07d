package donehook

import "testing"

// TestQuiesceWhileCompleting sends a request, then completes it while
// another goroutine quiesces the connection. It returns without waiting;
// deadlocked goroutines leak.
func TestQuiesceWhileCompleting(t *testing.T) {
	c := &Conn{}
	c.Send()
	go c.complete()
	go c.Quiesce()
}
