// Package sem is a module of its own that the tests reach through the
// module cache (served by a file proxy in the test): a weighted semaphore
// like golang.org/x/sync/semaphore, with a mutex and channels. Its go.mod
// says go 1.17, older than the runtime calls need.
package sem

import "sync"

// Sem is a semaphore of n slots.
type Sem struct {
	mu      sync.Mutex
	free    int
	waiters []chan struct{}
}

// New returns a semaphore of n slots.
func New(n int) *Sem { return &Sem{free: n} }

// Acquire takes a slot, waiting for one.
func (s *Sem) Acquire() {
	s.mu.Lock()
	if s.free > 0 {
		s.free--
		s.mu.Unlock()
		return
	}
	ready := make(chan struct{})
	s.waiters = append(s.waiters, ready)
	s.mu.Unlock()
	<-ready
}
