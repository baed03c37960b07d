package sleepabba

import (
	"testing"
	"time"
)

// TestRelistAfterOneSecond relists and adds an event concurrently, each
// after ten 100 ms sleeps, in goroutines it does not wait for (they run
// about 1 s). Deadlocked goroutines leak.
func TestRelistAfterOneSecond(t *testing.T) {
	c := New()
	go func() {
		Wait(10, 100*time.Millisecond)
		c.Relist(map[string]string{"a": "1"})
	}()
	go func() {
		Wait(10, 100*time.Millisecond)
		c.cache.Add("b", "2")
	}()
}
