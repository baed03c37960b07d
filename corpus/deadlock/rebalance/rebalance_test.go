package rebalance

import "testing"

// TestConcurrentPasses runs two rebalancing passes over two shards at
// once. It returns without waiting; deadlocked goroutines leak.
func TestConcurrentPasses(t *testing.T) {
	s := New([]string{"a", "b", "c", "d"}, []string{"e"})
	go s.Rebalance()
	go s.Rebalance()
}
