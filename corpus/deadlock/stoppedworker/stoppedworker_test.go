package stoppedworker

import "testing"

// TestStopWhileSending stops the transport while it sends two messages.
// It returns without waiting; deadlocked goroutines leak.
func TestStopWhileSending(t *testing.T) {
	s := NewStopper()
	Start(s, 2)
	go s.Stop()
}
