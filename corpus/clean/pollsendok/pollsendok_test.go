package pollsendok

import "testing"

// TestCloseWhilePumping starts the pump and closes it. It returns without
// waiting; both goroutines end once they see quit closed.
func TestCloseWhilePumping(t *testing.T) {
	p := New()
	p.Start()
	p.Close()
}
