package progressctx

import (
	"context"
	"testing"
	"time"
)

func TestWatchWithDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Millisecond)
	defer cancel()
	tr := New()
	sent := make(chan int)
	go func() { sent <- tr.Run(ctx, 3, time.Millisecond) }()
	last := Watch(ctx, tr.Progress)
	n := <-sent
	if last > n || n > 3 {
		t.Fatalf("watcher saw %d, transfer reported %d of 3", last, n)
	}
}
