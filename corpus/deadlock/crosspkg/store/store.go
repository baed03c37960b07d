// Package store is the backing store of deadlock/crosspkg. It exports its
// mutex by embedding, so callers can hold it across several operations.
package store

import "sync"

type Store struct {
	sync.Mutex // held by Get, or by callers around GetLocked/PutLocked
	data       map[string]int
}

func New() *Store { return &Store{data: map[string]int{}} }

// Get reads key, taking the store lock.
func (s *Store) Get(key string) (int, bool) {
	s.Lock()
	defer s.Unlock()
	return s.GetLocked(key)
}

// GetLocked reads key; the caller holds the store lock.
func (s *Store) GetLocked(key string) (int, bool) {
	v, ok := s.data[key]
	return v, ok
}

// PutLocked writes key; the caller holds the store lock.
func (s *Store) PutLocked(key string, v int) { s.data[key] = v }
