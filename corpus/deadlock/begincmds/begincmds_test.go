package begincmds

import (
	"context"
	"testing"
)

// TestBeginCancelled begins two commands, 150 latch operations each, while
// the context is cancelled. It returns without waiting; deadlocked
// goroutines leak.
func TestBeginCancelled(t *testing.T) {
	r := New()
	ctx, cancel := context.WithCancel(context.Background())
	go r.BeginCmds(ctx, 2)
	go cancel()
}
