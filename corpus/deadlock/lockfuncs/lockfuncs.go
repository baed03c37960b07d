// Package lockfuncs models a helper that runs a function between a lock
// and an unlock handed to it as functions, withLock(c.Lock, c.Unlock, f):
// Refresh reads the store under the cache's lock (a promoted Lock of an
// embedded sync.Mutex) and the store's read lock, Put invalidates the
// cache under the store's write lock. Every lock is taken through a
// method value, in opposite orders: Refresh and Put cross (AB-BA).
package lockfuncs

import "sync"

// withLock runs f between lock and unlock.
func withLock(lock, unlock func(), f func()) {
	lock()
	defer unlock()
	f()
}

type Store struct {
	mu   sync.RWMutex
	data map[string]string
}

type Cache struct {
	sync.Mutex
	store *Store
	view  map[string]string
}

func New() *Cache {
	return &Cache{store: &Store{data: map[string]string{}}, view: map[string]string{}}
}

// Refresh copies the store into the cache: cache, then store.
func (c *Cache) Refresh() {
	withLock(c.Lock, c.Unlock, func() {
		s := c.store
		withLock(s.mu.RLock, s.mu.RUnlock, func() {
			for k, v := range s.data {
				c.view[k] = v
			}
		})
	})
}

// Put stores a value and drops the cache's copy: store, then cache.
func (c *Cache) Put(k, v string) {
	s := c.store
	withLock(s.mu.Lock, s.mu.Unlock, func() {
		s.data[k] = v
		withLock(c.Lock, c.Unlock, func() { delete(c.view, k) })
	})
}
