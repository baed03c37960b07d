package watchprogress

import (
	"context"
	"testing"
	"time"
)

// TestWatchWithDeadline watches a three-step transfer (1 ms a step) with a
// 3 ms deadline. Watch returns either way; a blocked transfer leaks.
func TestWatchWithDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Millisecond)
	defer cancel()
	tr := New()
	go tr.Run(3, time.Millisecond)
	if last := Watch(ctx, tr.Progress); last > 3 {
		t.Fatalf("progress %d of 3", last)
	}
}
