package connpool

import "testing"

// TestCloseBoth closes a connection and its pool concurrently. It returns
// without waiting; deadlocked goroutines leak.
func TestCloseBoth(t *testing.T) {
	p := NewPool()
	c := p.Get()
	go c.Close()
	go p.Close()
}
