package expecttimeoutok

import (
	"testing"
	"time"
)

// TestNoUnsolicitedReply waits 2 ms for a reply nobody asked for, expecting
// none, then asks and closes. The timeout it expects is not a failure.
func TestNoUnsolicitedReply(t *testing.T) {
	s := Start()
	select {
	case r := <-s.Replies():
		t.Fatalf("unsolicited reply %d", r)
	case <-time.After(2 * time.Millisecond):
	}
	if r := s.Ask(21); r != 42 {
		t.Errorf("Ask(21) = %d, want 42", r)
	}
	s.Close()
}
