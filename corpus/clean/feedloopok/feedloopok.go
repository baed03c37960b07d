// Package feedloopok is feedloop with the fix: a touch reads the callback
// under the store's lock and calls it after the unlock, so the loop, which
// holds the mirror's lock while it writes to the store, and a touch never
// hold one lock each while waiting for the other.
package feedloopok

import (
	"runtime"
	"sync"
)

// Store holds entries and tells an installed callback about touches.
type Store struct {
	mu      sync.Mutex
	entries map[string]int
	onTouch func(key string)
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{entries: map[string]int{}} }

// OnTouch installs fn, called on every touch.
func (s *Store) OnTouch(fn func(key string)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onTouch = fn
}

// Put stores v under key.
func (s *Store) Put(key string, v int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.entries[key] = v
}

// Touch marks key used and tells the callback, after the unlock.
func (s *Store) Touch(key string) {
	s.mu.Lock()
	fn := s.onTouch
	s.mu.Unlock()
	if fn != nil {
		fn(key)
	}
}

// Mirror writes its generation to a store from a loop.
type Mirror struct {
	mu      sync.Mutex
	store   *Store
	gen     int
	touches int
	once    sync.Once
	synced  chan struct{} // closed after the first sync
	ctl     sync.Mutex    // guards rounds and syncs
	rounds  int
	syncs   int
}

// NewMirror returns a mirror of s that counts s's touches.
func NewMirror(s *Store) *Mirror {
	m := &Mirror{store: s, synced: make(chan struct{})}
	s.OnTouch(m.touched)
	return m
}

// Synced is closed once the first sync is done.
func (m *Mirror) Synced() <-chan struct{} { return m.synced }

// Run syncs again and again until stop is closed, counting its rounds
// and its syncs.
func (m *Mirror) Run(stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		m.bump(&m.rounds)
		m.sync()
		m.bump(&m.syncs)
		runtime.Gosched()
	}
}

// bump adds one to one of the loop's counters.
func (m *Mirror) bump(n *int) {
	m.ctl.Lock()
	*n++
	m.ctl.Unlock()
}

// sync writes the next generation under the mirror's lock.
func (m *Mirror) sync() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	m.store.Put("gen", m.gen)
	m.once.Do(func() { close(m.synced) })
}

func (m *Mirror) touched(string) {
	m.mu.Lock()
	m.touches++
	m.mu.Unlock()
}
