// Package upgrade models a lazily filled cache that tries to upgrade its
// read lock to a write lock on a miss. RWMutex has no upgrade: Lock waits
// for every reader, including the caller itself.
package upgrade

import "sync"

type Cache struct {
	mu    sync.RWMutex
	items map[string]string
	load  func(string) string
}

func New(load func(string) string) *Cache {
	return &Cache{items: map[string]string{}, load: load}
}

// Get returns the value of key, loading it on a miss.
func (c *Cache) Get(key string) string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if v, ok := c.items[key]; ok {
		return v
	}
	c.mu.Lock() // waits for the caller's own read lock
	defer c.mu.Unlock()
	v := c.load(key)
	c.items[key] = v
	return v
}
