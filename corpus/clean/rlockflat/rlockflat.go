// Package rlockflat is the fixed form of deadlock/rwr: Get holds the read
// lock once and calls hasLocked, which assumes the caller holds it, so a
// writer queued on the RWMutex can never sit between two RLocks of one
// goroutine.
package rlockflat

import "sync"

type Config struct {
	mu   sync.RWMutex
	vals map[string]string
}

func New() *Config { return &Config{vals: map[string]string{}} }

// hasLocked reports whether key is set; the caller holds c.mu.
func (c *Config) hasLocked(key string) bool {
	_, ok := c.vals[key]
	return ok
}

// Has reports whether key is set.
func (c *Config) Has(key string) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.hasLocked(key)
}

// Get returns the value of key or def.
func (c *Config) Get(key, def string) string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if !c.hasLocked(key) {
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
