package crosspkg

import "testing"

// TestGetWhileUpdating reads through the cache while a batch update runs.
// It returns without waiting; deadlocked goroutines leak.
func TestGetWhileUpdating(t *testing.T) {
	c := New(map[string]int{"a": 1})
	go c.Get("a")
	go c.Update(map[string]int{"a": 2})
}
