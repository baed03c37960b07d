package nodestatus

import "testing"

// TestStatusAtStop asks for the status while the node stops. It returns
// without waiting; deadlocked goroutines leak.
func TestStatusAtStop(t *testing.T) {
	n := New()
	go n.Run()
	go n.Stop()
	go n.Status()
}
