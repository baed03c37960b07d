// Package rlockerfield models an index that hands its readers a Locker
// kept in a field, made once from its RWMutex by RLocker. Sum read-locks
// through that field and calls Get, which read-locks the mutex again: a
// writer queued between the two read locks blocks both.
package rlockerfield

import "sync"

type Index struct {
	mu   sync.RWMutex
	read sync.Locker // mu.RLocker(), for read-only callers
	m    map[string]int
}

func New() *Index {
	x := &Index{m: map[string]int{"a": 1, "b": 2}}
	x.read = x.mu.RLocker()
	return x
}

// Sum adds the values of keys under one read lock.
func (x *Index) Sum(keys ...string) int {
	x.read.Lock()
	defer x.read.Unlock()
	n := 0
	for _, k := range keys {
		n += x.Get(k) // read-locks mu again
	}
	return n
}

func (x *Index) Get(k string) int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.m[k]
}

func (x *Index) Put(k string, v int) {
	x.mu.Lock()
	x.m[k] = v
	x.mu.Unlock()
}
