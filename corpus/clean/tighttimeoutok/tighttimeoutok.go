// Package tighttimeoutok is the lookup handler of deadlock/tighttimeout
// with a budget of a second: the lookup's few steps of in-memory work end
// long before the timer, so the answer is always received and the lookup
// goroutine never waits on its send.
package tighttimeoutok

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
		ans <- ix.get(k)
	}()
	select {
	case v := <-ans:
		return v, nil
	case <-time.After(budget):
		return 0, ErrBudget
	}
}
