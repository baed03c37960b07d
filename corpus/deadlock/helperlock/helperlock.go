// Package helperlock models a rate limiter whose Allow holds the lock and
// calls a helper that was written to be called from outside, so it locks
// the same mutex again.
package helperlock

import "sync"

type Limiter struct {
	mu     sync.Mutex
	tokens int
	max    int
}

// Allow takes one token, refilling the bucket when it is empty.
func (l *Limiter) Allow() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tokens == 0 {
		l.Refill() // Refill locks l.mu again
	}
	if l.tokens == 0 {
		return false
	}
	l.tokens--
	return true
}

// Refill fills the bucket.
func (l *Limiter) Refill() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.tokens = l.max
}
