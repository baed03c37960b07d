// Package spinends models a spin-wait on an atomic flag with a yield in
// its loop: the waiter spins until the publisher has set the flag. It
// looks like a livelock while it spins, but the publisher always runs.
package spinends

import (
	"runtime"
	"sync"
	"sync/atomic"
)

type Slot struct {
	mu    sync.Mutex // guards val
	val   int
	ready atomic.Bool
}

// Publish stores v and raises the flag.
func (s *Slot) Publish(v int) {
	s.mu.Lock()
	s.val = v
	s.mu.Unlock()
	s.ready.Store(true)
}

// Await spins until a value is published, yielding each time, and
// returns it.
func (s *Slot) Await() int {
	for !s.ready.Load() {
		runtime.Gosched()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.val
}
