package condvalue

import "testing"

// TestWaitOnce waits and notifies concurrently. It returns without
// waiting; deadlocked goroutines leak.
func TestWaitOnce(t *testing.T) {
	n := New()
	go n.WaitOnce()
	go n.Notify()
}
