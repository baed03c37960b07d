package rwr

import "testing"

// TestGetWhileSetting reads and writes the config concurrently. It returns
// without waiting; deadlocked goroutines leak.
func TestGetWhileSetting(t *testing.T) {
	c := New()
	go c.Get("port", "80")
	go c.Set("port", "8080")
}
