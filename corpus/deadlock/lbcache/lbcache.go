// Package lbcache models a balancer's cache of removed sub-connections:
// RemoveSubConn keeps a connection for a grace period and schedules its
// deletion with time.AfterFunc; NewSubConn for the same address within the
// period revives it. If the timer has already fired, NewSubConn marks the
// deletion aborted, and the callback, once it gets the lock, sees the mark
// and returns without unlocking.
package lbcache

import (
	"sync"
	"time"
)

type entry struct {
	timer         *time.Timer
	abortDeleting bool
}

type Cache struct {
	mu      sync.Mutex // guards live, removed and the entries
	timeout time.Duration
	live    map[string]bool
	removed map[string]*entry
}

func New(timeout time.Duration) *Cache {
	return &Cache{timeout: timeout, live: map[string]bool{}, removed: map[string]*entry{}}
}

// NewSubConn makes addr live, reviving a removed connection if one is cached.
func (c *Cache) NewSubConn(addr string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.removed[addr]; ok {
		if !e.timer.Stop() {
			e.abortDeleting = true // the callback has started: tell it not to delete
		}
		delete(c.removed, addr)
	}
	c.live[addr] = true
}

// RemoveSubConn caches addr's connection and deletes it after the timeout.
func (c *Cache) RemoveSubConn(addr string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.live, addr)
	e := &entry{}
	c.removed[addr] = e
	e.timer = time.AfterFunc(c.timeout, func() {
		c.mu.Lock()
		if e.abortDeleting {
			return // forgets c.mu.Unlock()
		}
		delete(c.removed, addr)
		c.mu.Unlock()
	})
}

// Len reports the number of live connections.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.live)
}
