package stealwork

import "testing"

// TestIdleWorkersSteal lets both workers of a pool steal at once. It
// returns without waiting; deadlocked goroutines leak.
func TestIdleWorkersSteal(t *testing.T) {
	p := NewPool(2, 4)
	go p.Worker(0).Steal()
	go p.Worker(1).Steal()
}
