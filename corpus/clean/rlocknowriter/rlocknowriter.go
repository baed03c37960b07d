// Package rlocknowriter models a read-mostly routing table that is built
// once before use: Lookup holds the read lock and calls Has, which read-locks
// again. With no writer anywhere, the recursive RLock cannot deadlock.
package rlocknowriter

import "sync"

type Routes struct {
	mu    sync.RWMutex // only ever read-locked: the table is fixed in New
	table map[string]string
}

func New(table map[string]string) *Routes { return &Routes{table: table} }

// Has reports whether path is routed.
func (r *Routes) Has(path string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	_, ok := r.table[path]
	return ok
}

// Lookup returns the handler for path, or "404".
func (r *Routes) Lookup(path string) string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if !r.Has(path) { // recursive RLock, harmless without writers
		return "404"
	}
	return r.table[path]
}
