// Package progressctx is the fixed form of deadlock/watchprogress: the
// transfer selects on the watcher's context in every send, so the deadline
// that ends the watcher also ends the transfer.
package progressctx

import (
	"context"
	"time"
)

type Transfer struct {
	Progress chan int
}

func New() *Transfer { return &Transfer{Progress: make(chan int)} }

// Run performs steps, each taking step, and reports each one until ctx ends.
// It returns the number of steps reported.
func (t *Transfer) Run(ctx context.Context, steps int, step time.Duration) int {
	defer close(t.Progress)
	for i := 1; i <= steps; i++ {
		time.Sleep(step)
		select {
		case t.Progress <- i:
		case <-ctx.Done():
			return i - 1
		}
	}
	return steps
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
