// Package callback models a registry that calls a function value for each
// entry while holding its lock; the function passed by Index takes the
// index lock, while Index.Register holds the index lock and calls into the
// registry.
package callback

import "sync"

type Registry struct {
	mu    sync.Mutex
	names []string
}

// Add registers name.
func (r *Registry) Add(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.names = append(r.names, name)
}

// Each calls fn for every name, holding the registry lock.
func (r *Registry) Each(fn func(string)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, n := range r.names {
		fn(n)
	}
}

type Index struct {
	mu   sync.Mutex
	reg  *Registry
	seen map[string]bool
}

func NewIndex(r *Registry) *Index { return &Index{reg: r, seen: map[string]bool{}} }

func (x *Index) add(name string) {
	x.mu.Lock() // called from Each: Registry.mu -> Index.mu
	x.seen[name] = true
	x.mu.Unlock()
}

// Rebuild re-reads every name from the registry.
func (x *Index) Rebuild() { x.reg.Each(x.add) }

// Register records name in the index and the registry.
func (x *Index) Register(name string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.seen[name] = true
	x.reg.Add(name) // Index.mu -> Registry.mu
}
