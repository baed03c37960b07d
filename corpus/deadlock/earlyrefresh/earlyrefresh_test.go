package earlyrefresh

import (
	"strings"
	"testing"
)

// TestHotKey reads one key five times. It returns without waiting;
// deadlocked goroutines leak.
func TestHotKey(t *testing.T) {
	c := New(strings.ToUpper)
	go func() {
		for range 5 {
			c.Get("a")
		}
	}()
}
