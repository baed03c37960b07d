// Package afterdrain models a retry scheduler that arms its retry with
// time.AfterFunc and, on Cancel, follows the Timer.Stop documentation
// written for NewTimer: if Stop returns false, drain t.C. A timer made by
// AfterFunc has no channel (t.C is nil), so the drain blocks for good
// whenever the callback has already run.
package afterdrain

import (
	"sync"
	"time"
)

type Retrier struct {
	mu      sync.Mutex // guards retries
	retries int
	timer   *time.Timer
}

// Schedule arms one retry after d.
func Schedule(d time.Duration) *Retrier {
	r := &Retrier{}
	r.timer = time.AfterFunc(d, r.retry)
	return r
}

func (r *Retrier) retry() {
	r.mu.Lock()
	r.retries++
	r.mu.Unlock()
}

// Cancel disarms the retry.
func (r *Retrier) Cancel() {
	if !r.timer.Stop() {
		<-r.timer.C // nil for an AfterFunc timer: blocks for good
	}
}
