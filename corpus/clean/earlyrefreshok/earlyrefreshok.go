// Package earlyrefreshok is earlyrefresh done right: the rare early
// refresh, drawn one hit in ten from a generator seeded with the clock,
// stores the reloaded value through refreshLocked, which expects the lock
// Get holds instead of taking it again.
package earlyrefreshok

import (
	"math/rand"
	"sync"
	"time"
)

type Cache struct {
	mu   sync.Mutex // guards vals and rng
	vals map[string]string
	rng  *rand.Rand
	load func(key string) string
}

func New(load func(string) string) *Cache {
	return &Cache{
		vals: map[string]string{},
		rng:  rand.New(rand.NewSource(time.Now().UnixNano())),
		load: load,
	}
}

// Refresh loads key again and stores the new value.
func (c *Cache) Refresh(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.refreshLocked(key)
}

// refreshLocked is Refresh with c.mu held.
func (c *Cache) refreshLocked(key string) { c.vals[key] = c.load(key) }

// Get returns key's value, loading it on a miss; one hit in ten refreshes
// the entry early, so that hot keys never go stale all at once.
func (c *Cache) Get(key string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.vals[key]
	switch {
	case !ok:
		v = c.load(key)
		c.vals[key] = v
	case c.rng.Intn(10) == 0:
		c.refreshLocked(key)
		v = c.vals[key]
	}
	return v
}
