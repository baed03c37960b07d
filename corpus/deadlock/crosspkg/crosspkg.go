// Package crosspkg wires a cache (package cache) in front of a store
// (package store). The two lock orders live in different packages: cache
// locks its own mutex and then, inside package store, the store's; and it
// locks the store's exported mutex and then its own.
package crosspkg

import (
	"github.com/deadhunt/deadhunt/corpus/deadlock/crosspkg/cache"
	"github.com/deadhunt/deadhunt/corpus/deadlock/crosspkg/store"
)

// New returns a cache over a store holding the given initial values.
func New(initial map[string]int) *cache.Cache {
	st := store.New()
	st.Lock()
	for k, v := range initial {
		st.PutLocked(k, v)
	}
	st.Unlock()
	return cache.New(st)
}
