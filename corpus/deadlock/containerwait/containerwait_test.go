package containerwait

import (
	"context"
	"testing"
)

// TestWaitCancelled waits for a container that logs 300 lines and exits,
// while the wait's context is cancelled. It returns without waiting;
// deadlocked goroutines leak.
func TestWaitCancelled(t *testing.T) {
	c := New()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for range 300 {
			c.Log("line")
		}
		c.Exit(0)
	}()
	go Wait(ctx, c)
	go cancel()
}
