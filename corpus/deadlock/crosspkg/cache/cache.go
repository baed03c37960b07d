// Package cache is the read-through cache of deadlock/crosspkg. Get holds
// the cache lock while reading the store (cache then store); Update holds
// the store lock while invalidating cached entries (store then cache).
package cache

import (
	"sync"

	"github.com/deadhunt/deadhunt/corpus/deadlock/crosspkg/store"
)

type Cache struct {
	mu    sync.Mutex
	st    *store.Store
	items map[string]int
}

func New(st *store.Store) *Cache { return &Cache{st: st, items: map[string]int{}} }

// Get returns the cached value of key, filling it from the store on a miss.
func (c *Cache) Get(key string) (int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.items[key]; ok {
		return v, true
	}
	v, ok := c.st.Get(key) // Cache.mu -> Store.Mutex (in package store)
	if ok {
		c.items[key] = v
	}
	return v, ok
}

// Update writes several keys to the store atomically and drops them from
// the cache while still holding the store lock.
func (c *Cache) Update(kv map[string]int) {
	c.st.Lock()
	defer c.st.Unlock()
	for k, v := range kv {
		c.st.PutLocked(k, v)
		c.mu.Lock() // Store.Mutex -> Cache.mu
		delete(c.items, k)
		c.mu.Unlock()
	}
}
