package chanhub

import "testing"

// TestRelayBroadcast broadcasts two messages to a relay that joined twice.
// It returns without waiting; deadlocked goroutines leak.
func TestRelayBroadcast(t *testing.T) {
	h := NewHub()
	first, second := h.Join(), h.Join()
	go Relay(first, second, 2)
	go func() {
		h.Broadcast("a")
		h.Broadcast("b")
	}()
}
