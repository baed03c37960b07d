package drainquit

import "testing"

// TestCloseWithQueued queues a request, closes the server, then starts its
// loop: both of the loop's cases are ready at its first select. It
// returns without waiting; deadlocked goroutines leak.
func TestCloseWithQueued(t *testing.T) {
	s := New(1)
	reply := s.Go(21)
	s.Close()
	go func() { <-reply }()
	go s.Loop()
}
