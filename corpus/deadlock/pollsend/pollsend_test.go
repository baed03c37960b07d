package pollsend

import "testing"

// TestCloseWhilePumping starts the pump and closes it. It returns without
// waiting; a deadlocked producer leaks.
func TestCloseWhilePumping(t *testing.T) {
	p := New()
	p.Start()
	p.Close()
}
