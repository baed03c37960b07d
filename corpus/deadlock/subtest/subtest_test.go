package subtest

import "testing"

// TestLedger runs a post and a replay concurrently inside a subtest. The
// subtest returns without waiting; deadlocked goroutines leak.
func TestLedger(t *testing.T) {
	l := New()
	t.Run("post-replay", func(t *testing.T) {
		go l.Post(5)
		go l.Replay()
	})
}
