// Package rlockerfieldok is the look-alike of rlockerfield: Sum reads
// through the same RLocker field, but looks the keys up with get, which
// expects the read lock held and takes nothing again.
package rlockerfieldok

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
		n += x.get(k)
	}
	return n
}

// get reads m; the caller holds mu.
func (x *Index) get(k string) int { return x.m[k] }

func (x *Index) Put(k string, v int) {
	x.mu.Lock()
	x.m[k] = v
	x.mu.Unlock()
}
