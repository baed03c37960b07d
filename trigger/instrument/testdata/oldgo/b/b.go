// Package b is a counter with a lock, two modules away from the tests.
package b

import "sync"

// Counter counts under a lock.
type Counter struct {
	mu sync.Mutex
	n  int
}

// Add adds one and returns the count.
func (c *Counter) Add() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	return c.n
}
