// Package tighttimeout models a lookup handler with a latency budget of a
// few microseconds: it runs the lookup in a goroutine and selects between
// the answer and time.After(budget). The answer channel is unbuffered:
// when the budget runs out before the lookup's few steps, the lookup
// goroutine blocks for good on its send.
package tighttimeout

import (
	"errors"
	"sync"
	"time"
)

var ErrBudget = errors.New("lookup over budget")

// Index is an in-memory index guarded by a mutex.
type Index struct {
	mu sync.Mutex
	m  map[string]int
}

// NewIndex returns an index holding m.
func NewIndex(m map[string]int) *Index { return &Index{m: m} }

func (ix *Index) get(k string) int {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.m[k]
}

// Lookup answers k within budget, or returns ErrBudget.
func (ix *Index) Lookup(k string, budget time.Duration) (int, error) {
	ans := make(chan int)
	go func() {
		ans <- ix.get(k) // nobody receives once the budget has run out
	}()
	select {
	case v := <-ans:
		return v, nil
	case <-time.After(budget):
		return 0, ErrBudget
	}
}
