// Package longloop models a routing table that is warmed up by 100,000
// lookups before it serves: Resolve holds the read lock and calls Known,
// which read-locks again. A writer queued between the two RLocks blocks
// the second one, and the writer waits for the first: a reader-writer
// deadlock reachable only after the long warm-up.
package longloop

import "sync"

type Table struct {
	mu     sync.RWMutex
	routes map[string]string
}

func New() *Table { return &Table{routes: map[string]string{"a": "1"}} }

// Lookup returns the route of key.
func (t *Table) Lookup(key string) string {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.routes[key]
}

// Known reports whether key has a route.
func (t *Table) Known(key string) bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	_, ok := t.routes[key]
	return ok
}

// Resolve returns the route of key, or def.
func (t *Table) Resolve(key, def string) string {
	t.mu.RLock()
	defer t.mu.RUnlock()
	if !t.Known(key) { // second RLock by the same goroutine
		return def
	}
	return t.routes[key]
}

// Set stores a route.
func (t *Table) Set(key, val string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.routes[key] = val
}
