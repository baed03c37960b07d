// Package rwr models a configuration whose Get holds the read lock and
// calls Has, which read-locks again. Alone that works; with a writer queued
// between the two RLocks it deadlocks, because a pending Lock blocks new
// readers.
package rwr

import "sync"

type Config struct {
	mu   sync.RWMutex
	vals map[string]string
}

func New() *Config { return &Config{vals: map[string]string{}} }

// Has reports whether key is set.
func (c *Config) Has(key string) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	_, ok := c.vals[key]
	return ok
}

// Get returns the value of key or def.
func (c *Config) Get(key, def string) string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if !c.Has(key) { // second RLock by the same goroutine
		return def
	}
	return c.vals[key]
}

// Set stores a value.
func (c *Config) Set(key, val string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.vals[key] = val
}
