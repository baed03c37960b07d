package rlockerfield

import "testing"

// TestSumWhilePutting sums two keys while a third is written. It returns
// without waiting; deadlocked goroutines leak.
func TestSumWhilePutting(t *testing.T) {
	x := New()
	go x.Sum("a", "b")
	go x.Put("c", 3)
}
