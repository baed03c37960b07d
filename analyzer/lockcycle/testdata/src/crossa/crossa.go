// Package crossa is half of a cross-package cycle: Get holds the store's
// embedded mutex while calling back into the cache.
package crossa

import "sync"

type Store struct {
	sync.Mutex
	data map[string]int
}

type Notifier interface{ Changed(key string) }

// Get takes the store lock.
func (s *Store) Get(k string) int { // want Get:"lockcycle\\(acquires \\(\\*crossa.Store\\).Mutex\\)"
	s.Lock()
	defer s.Unlock()
	return s.data[k]
}

// LockStore is a lock helper: it returns holding the lock.
func (s *Store) LockStore() { s.Lock() } // want LockStore:"lockcycle\\(acquires \\(\\*crossa.Store\\).Mutex; holds \\(\\*crossa.Store\\).Mutex\\)"

// UnlockStore releases it.
func (s *Store) UnlockStore() { s.Unlock() } // want UnlockStore:"lockcycle\\(releases \\(\\*crossa.Store\\).Mutex\\)"

// Put notifies n with the store lock held.
func (s *Store) Put(k string, v int, n Notifier) { // want Put:"lockcycle\\(acquires \\(\\*crossa.Store\\).Mutex\\)"
	s.Lock()
	defer s.Unlock()
	s.data[k] = v
	n.Changed(k)
}

// Listener is implemented by importers of crossa.
type Listener interface{ Notify() }

// Bus calls its listener with its lock held.
type Bus struct{ mu sync.Mutex }

func (b *Bus) Publish(l Listener) { // want Publish:"lockcycle\\(acquires \\(\\*crossa.Bus\\).mu; calls back crossa.Listener.Notify\\)"
	b.mu.Lock()
	defer b.mu.Unlock()
	l.Notify()
}

func (b *Bus) Close() { // want Close:"lockcycle\\(acquires \\(\\*crossa.Bus\\).mu\\)"
	b.mu.Lock()
	b.mu.Unlock()
}
