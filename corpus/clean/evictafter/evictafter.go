// Package evictafter is the fixed form of deadlock/evictcb: Add collects
// the evicted key under the lock and calls the eviction callback after
// unlocking, so a callback may call back into the cache.
package evictafter

import "sync"

type Cache struct {
	mu      sync.Mutex
	cap     int
	keys    []string
	OnEvict func(key string)
}

// Add inserts key, evicting the oldest key when the cache is full.
func (c *Cache) Add(key string) {
	c.mu.Lock()
	var evicted []string
	if len(c.keys) == c.cap {
		evicted = append(evicted, c.keys[0])
		c.keys = c.keys[1:]
	}
	c.keys = append(c.keys, key)
	c.mu.Unlock()
	for _, k := range evicted {
		if c.OnEvict != nil {
			c.OnEvict(k) // called without c.mu
		}
	}
}

// Len reports the number of cached keys.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.keys)
}
