// Package assertlock models a registry that keeps its sessions as
// interface values: Touch holds the registry lock and locks the session it
// finds through a type switch, while a session's Close holds its own lock
// and unregisters itself from the registry.
package assertlock

import "sync"

type Session struct {
	mu   sync.Mutex
	id   int
	seen int
	reg  *Registry
}

type Registry struct {
	mu   sync.Mutex
	byID map[int]any
}

func (r *Registry) Add(s *Session) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s.reg = r
	r.byID[s.id] = s
}

// Touch marks a session seen: Registry.mu -> Session.mu.
func (r *Registry) Touch(id int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch s := r.byID[id].(type) {
	case *Session:
		s.mu.Lock()
		s.seen++
		s.mu.Unlock()
	}
}

// Close unregisters the session: Session.mu -> Registry.mu.
func (s *Session) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reg.mu.Lock()
	delete(s.reg.byID, s.id)
	s.reg.mu.Unlock()
}
