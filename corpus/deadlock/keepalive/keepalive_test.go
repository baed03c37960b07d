package keepalive

import (
	"testing"
	"time"
)

// TestStreamAtKeepalive runs one 1 ms keepalive round and opens a stream
// after 1 ms, in goroutines it does not wait for. Deadlocked goroutines
// leak.
func TestStreamAtKeepalive(t *testing.T) {
	tr := New()
	go tr.Keepalive(time.Millisecond, 1)
	go func() {
		time.Sleep(time.Millisecond)
		tr.NewStream()
	}()
}
