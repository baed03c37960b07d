// Package sleepabba models an API cache whose reflector relists
// periodically while events are added: relisting holds the cacher's lock
// while it replaces the watch cache's contents (cacher -> cache), and adding
// an event holds the watch cache's lock while it dispatches to the cacher
// (cache -> cacher). Both sides first wait out ten 100 ms periods.
package sleepabba

import (
	"sync"
	"time"
)

type Cacher struct {
	mu     sync.Mutex // guards ready, events
	ready  bool
	events int
	cache  *WatchCache
}

type WatchCache struct {
	mu     sync.Mutex // guards items
	items  map[string]string
	cacher *Cacher
}

func New() *Cacher {
	c := &Cacher{}
	c.cache = &WatchCache{items: map[string]string{}, cacher: c}
	return c
}

// Relist replaces the cache's contents: cacher -> cache.
func (c *Cacher) Relist(items map[string]string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ready = false
	c.cache.Replace(items)
	c.ready = true
}

func (c *Cacher) dispatch() {
	c.mu.Lock()
	c.events++
	c.mu.Unlock()
}

// Replace swaps the cache's contents.
func (w *WatchCache) Replace(items map[string]string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.items = items
}

// Add stores one event and dispatches it: cache -> cacher.
func (w *WatchCache) Add(key, val string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.items[key] = val
	w.cacher.dispatch()
}

// Wait sleeps for n periods of d, one period at a time, as a resync loop does.
func Wait(n int, d time.Duration) {
	for range n {
		time.Sleep(d)
	}
}
