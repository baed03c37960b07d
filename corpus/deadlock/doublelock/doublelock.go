// Package doublelock models a statistics collector whose Add locks its
// mutex a second time on the path that updates the maximum, as left behind
// by a copy-paste edit.
package doublelock

import "sync"

type Stats struct {
	mu       sync.Mutex
	sum, max int
}

// Add records v.
func (s *Stats) Add(v int) {
	s.mu.Lock()
	s.sum += v
	if v > s.max {
		s.mu.Lock() // already held: blocks forever
		s.max = v
	}
	s.mu.Unlock()
}
