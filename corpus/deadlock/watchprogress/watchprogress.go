// Package watchprogress models a transfer that reports progress on an
// unbuffered channel and a watcher that consumes the reports until its
// context's deadline. The transfer ignores the watcher's context: once the
// deadline has ended the watcher, its next report blocks for good.
package watchprogress

import (
	"context"
	"time"
)

type Transfer struct {
	Progress chan int
}

func New() *Transfer { return &Transfer{Progress: make(chan int)} }

// Run performs steps, each taking step, and reports each one.
func (t *Transfer) Run(steps int, step time.Duration) {
	for i := 1; i <= steps; i++ {
		time.Sleep(step)
		t.Progress <- i // does not watch any context
	}
	close(t.Progress)
}

// Watch returns the last progress seen before the transfer ended or ctx did.
func Watch(ctx context.Context, progress <-chan int) int {
	last := 0
	for {
		select {
		case p, ok := <-progress:
			if !ok {
				return last
			}
			last = p
		case <-ctx.Done():
			return last
		}
	}
}
