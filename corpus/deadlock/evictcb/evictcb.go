// Package evictcb models an LRU-style cache that calls its eviction
// callback while holding the cache lock; a callback that calls back into
// the cache (here to read its size) locks the same mutex again.
package evictcb

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
	defer c.mu.Unlock()
	if len(c.keys) == c.cap {
		old := c.keys[0]
		c.keys = c.keys[1:]
		if c.OnEvict != nil {
			c.OnEvict(old) // called with c.mu held
		}
	}
	c.keys = append(c.keys, key)
}

// Len reports the number of cached keys.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.keys)
}
