// Package missingunlock models a registry whose Register returns early on a
// duplicate name without unlocking; the next call locks a mutex nobody will
// ever unlock.
package missingunlock

import (
	"errors"
	"sync"
)

var ErrDuplicate = errors.New("duplicate name")

type Registry struct {
	mu    sync.Mutex
	names map[string]bool
}

func New() *Registry { return &Registry{names: map[string]bool{}} }

// Register adds name, failing on a duplicate.
func (r *Registry) Register(name string) error {
	r.mu.Lock()
	if r.names[name] {
		return ErrDuplicate // forgets r.mu.Unlock()
	}
	r.names[name] = true
	r.mu.Unlock()
	return nil
}
