// Package keylock models per-key locking with a map of mutexes: Swap
// locks the first key then the second, so two opposite swaps deadlock.
package keylock

import "sync"

type Store struct {
	locks map[string]*sync.Mutex // fixed at construction, read-only after
	vals  map[string]*string
}

func New(keys ...string) *Store {
	s := &Store{locks: map[string]*sync.Mutex{}, vals: map[string]*string{}}
	for _, k := range keys {
		v := k
		s.locks[k], s.vals[k] = &sync.Mutex{}, &v
	}
	return s
}

// Swap exchanges the values of keys a and b, locking a then b.
func (s *Store) Swap(a, b string) {
	s.locks[a].Lock()
	defer s.locks[a].Unlock()
	s.locks[b].Lock() // argument order: opposite swaps form a cycle
	defer s.locks[b].Unlock()
	*s.vals[a], *s.vals[b] = *s.vals[b], *s.vals[a]
}
