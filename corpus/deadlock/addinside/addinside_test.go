package addinside

import "testing"

// TestShutdownAfterPolls handles a request, polls 300 times, then shuts
// the server down. It returns without waiting; a handler left sending
// leaks.
func TestShutdownAfterPolls(t *testing.T) {
	s := New()
	go s.Loop()
	s.Handle(1)
	for range 300 {
		s.Poll()
	}
	go s.Shutdown()
}
