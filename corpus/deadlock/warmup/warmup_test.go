package warmup

import "testing"

// TestAfterWarmup counts 1000 requests first, then runs a request and a
// revocation concurrently, each after 100 more hits. It returns without
// waiting; deadlocked goroutines leak.
func TestAfterWarmup(t *testing.T) {
	s := New()
	for range 1000 {
		s.Hit()
	}
	go func() {
		for range 100 {
			s.Hit()
		}
		s.Serve("/", "t")
	}()
	go func() {
		for range 100 {
			s.Hit()
		}
		s.Revoke("t")
	}()
}
