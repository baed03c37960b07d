// Package muxwatch models a watch multiplexer: its loop distributes each
// event to every watcher by sending on the watcher's unbuffered result
// channel while holding the mux lock; a watcher's Stop removes it and
// closes its channel under the same lock.
package muxwatch

import "sync"

type Mux struct {
	mu       sync.Mutex // guards watchers
	watchers map[int]*Watcher
	next     int
	incoming chan int
}

type Watcher struct {
	id     int
	m      *Mux
	Result chan int // unbuffered
}

func New() *Mux { return &Mux{watchers: map[int]*Watcher{}, incoming: make(chan int)} }

// Watch adds a watcher.
func (m *Mux) Watch() *Watcher {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.next++
	w := &Watcher{id: m.next, m: m, Result: make(chan int)}
	m.watchers[w.id] = w
	return w
}

// Action hands an event to the loop.
func (m *Mux) Action(e int) { m.incoming <- e }

// Loop distributes n events.
func (m *Mux) Loop(n int) {
	for range n {
		m.distribute(<-m.incoming)
	}
}

func (m *Mux) distribute(e int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, w := range m.watchers {
		w.Result <- e // sent holding m.mu
	}
}

// Stop removes the watcher and closes its channel.
func (w *Watcher) Stop() {
	w.m.mu.Lock()
	defer w.m.mu.Unlock()
	if _, ok := w.m.watchers[w.id]; ok {
		delete(w.m.watchers, w.id)
		close(w.Result)
	}
}
