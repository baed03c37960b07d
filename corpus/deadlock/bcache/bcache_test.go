package bcache

import "testing"

// TestConcurrentPuts fills a one-block cache and then puts two more blocks
// concurrently. It returns without waiting; deadlocked goroutines leak.
func TestConcurrentPuts(t *testing.T) {
	b := New(1, map[string]int{"a": 10, "b": 20, "c": 30})
	b.Put("a")
	go b.Put("b")
	go b.Put("c")
}
