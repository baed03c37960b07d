package chanhubok

import "testing"

func TestRelayBroadcast(t *testing.T) {
	h := NewHub()
	first, second := h.Join(), h.Join()
	done := make(chan int)
	go func() { done <- Relay(first, second, 2) }()
	h.Broadcast("a")
	h.Broadcast("b")
	if n := <-done; n != 4 {
		t.Fatalf("relayed %d messages, want 4", n)
	}
}
