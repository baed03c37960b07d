// Package assertlockok is the look-alike of assertlock: Touch finds the
// session through the same type switch, but locks it only after releasing
// the registry lock, so Session.mu -> Registry.mu is the only order.
package assertlockok

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

// Touch marks a session seen, after releasing the registry lock.
func (r *Registry) Touch(id int) {
	r.mu.Lock()
	v := r.byID[id]
	r.mu.Unlock()
	switch s := v.(type) {
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
