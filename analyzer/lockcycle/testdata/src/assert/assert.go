package assert // want package:"lockcycle\\(edges .*\\)"

// assert reaches locks through type assertions: v.(*T).mu and t.mu with
// t *T are one class, and one instance when v holds t.

import "sync"

type Session struct {
	mu    sync.Mutex
	state int
}

type Registry struct {
	mu   sync.Mutex
	byID map[int]any
}

// Touch takes the session through the registry's interface value:
// Registry.mu -> Session.mu.
func (r *Registry) Touch(id int) { // want Touch:"lockcycle\\(acquires \\(\\*assert.Registry\\).mu, \\(\\*assert.Session\\).mu\\)"
	r.mu.Lock()
	defer r.mu.Unlock()
	v := r.byID[id]
	v.(*Session).mu.Lock() // want `lock order cycle: \(\*assert.Registry\).mu held while acquiring \(\*assert.Session\).mu; reverse order at assert.go:\d+:\d+`
	v.(*Session).state++
	v.(*Session).mu.Unlock()
}

// Close takes the session, then the registry: Session.mu -> Registry.mu.
func (s *Session) Close(r *Registry) { // want Close:"lockcycle\\(acquires \\(\\*assert.Session\\).mu, \\(\\*assert.Registry\\).mu\\)"
	s.mu.Lock()
	defer s.mu.Unlock()
	r.mu.Lock()
	r.mu.Unlock()
}

// relock asserts twice on one value: the same instance, locked again.
func relock(v any) {
	if s, ok := v.(*Session); ok {
		s.mu.Lock()
		v.(*Session).mu.Lock() // want `double lock: \(\*assert.Session\).mu locked at assert.go:\d+:\d+ is locked again`
		v.(*Session).mu.Unlock()
		s.mu.Unlock()
	}
}

// bump locks the session it is given: through an asserted argument it is
// the session the caller holds.
func bump(s *Session) {
	s.mu.Lock()
	s.state++
	s.mu.Unlock()
}

func holdAndBump(v any) {
	s := v.(*Session)
	s.mu.Lock()
	defer s.mu.Unlock()
	bump(v.(*Session)) // want `double lock: \(\*assert.Session\).mu locked at assert.go:\d+:\d+ is locked again via assert.bump`
}

// Look-alike: two different sessions, asserted from two values, taken
// one after the other (never nested).
func pair(v, w any) {
	v.(*Session).mu.Lock()
	v.(*Session).state++
	v.(*Session).mu.Unlock()
	w.(*Session).mu.Lock()
	w.(*Session).state++
	w.(*Session).mu.Unlock()
}
