package shardring

import "testing"

// TestGrowWhileShrinking resizes a two-shard counter both ways at once. It
// returns without waiting; deadlocked goroutines leak.
func TestGrowWhileShrinking(t *testing.T) {
	c := New(2)
	go c.Grow()
	go c.Shrink()
}
