package lockfuncs

import "testing"

// TestRefreshPut refreshes and stores concurrently. It returns without
// waiting; deadlocked goroutines leak.
func TestRefreshPut(t *testing.T) {
	c := New()
	go c.Refresh()
	go c.Put("k", "v")
}
