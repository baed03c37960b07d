package electionwait

import "testing"

// TestRound runs a leader and a follower. It returns without waiting;
// deadlocked goroutines leak.
func TestRound(t *testing.T) {
	r := New()
	go r.Follow()
	go r.Lead()
}
