package keylock

import "testing"

// TestOppositeSwaps swaps x,y and y,x concurrently. It returns without
// waiting; deadlocked goroutines leak.
func TestOppositeSwaps(t *testing.T) {
	s := New("x", "y")
	go s.Swap("x", "y")
	go s.Swap("y", "x")
}
