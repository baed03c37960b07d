package selectstop

import "testing"

// TestStopWhileWorking queues a job, then runs the loop and stops it
// concurrently. It returns without waiting; deadlocked goroutines leak.
func TestStopWhileWorking(t *testing.T) {
	w := New()
	w.Submit(1) // buffered: does not block
	go w.Loop()
	go w.Stop()
}
