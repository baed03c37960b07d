// Package earlyrefresh models a cache with probabilistic early refresh:
// on a hit, Get reloads the entry before it goes stale with probability
// 1/10, drawn from a generator seeded with the clock. The rare branch
// calls Refresh, which takes the cache lock Get already holds.
package earlyrefresh

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
	v := c.load(key)
	c.mu.Lock()
	c.vals[key] = v
	c.mu.Unlock()
}

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
		c.Refresh(key) // c.mu held: locks it again
		v = c.vals[key]
	}
	return v
}
