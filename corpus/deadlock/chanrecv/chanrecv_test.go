package chanrecv

import "testing"

// TestCall runs a call and the delivery of its reply concurrently. It
// returns without waiting; deadlocked goroutines leak.
func TestCall(t *testing.T) {
	c := New()
	go c.Call(1)
	go c.Deliver(1, "pong")
}
