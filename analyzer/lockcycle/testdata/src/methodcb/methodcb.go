package methodcb // want package:"lockcycle\\(edges .*\\)"

import "sync"

type Store struct {
	mu      sync.Mutex
	onTouch func()
}

func (s *Store) OnTouch(fn func()) { // want OnTouch:"lockcycle\\(acquires .*\\)"
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onTouch = fn
}

func (s *Store) Put() { // want Put:"lockcycle\\(acquires .*\\)"
	s.mu.Lock()
	defer s.mu.Unlock()
}

func (s *Store) Touch() { // want Touch:"lockcycle\\(acquires .*\\)"
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.onTouch != nil {
		s.onTouch()
	}
}

type Mirror struct {
	mu    sync.Mutex
	store *Store
}

func NewMirror(s *Store) *Mirror { // want NewMirror:"lockcycle\\(acquires .*\\)"
	m := &Mirror{store: s}
	s.OnTouch(m.touched)
	return m
}

func (m *Mirror) touched() {
	m.mu.Lock()
	m.mu.Unlock()
}

func (m *Mirror) Sync() { // want Sync:"lockcycle\\(acquires .*\\)"
	m.mu.Lock()
	defer m.mu.Unlock()
	m.store.Put() // want `lock order cycle: \(\*methodcb.Mirror\).mu held while acquiring \(\*methodcb.Store\).mu via \(\*methodcb.Store\).Put \(at methodcb.go:\d+:\d+\); reverse order at methodcb.go:\d+:\d+ via \(\*methodcb.Mirror\).touched \(lock at methodcb.go:\d+:\d+\) through a dynamic call`
}
