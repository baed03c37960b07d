// Package selfnotify: a watcher drains a registry's notification channel
// (one slot) and, for each notification, releases the members it no
// longer lists; a member's release hook, run by the watcher, notifies
// again under the registry's lock when that member led. The first member
// to join leads and is announced, but the registry marks "no lead" with
// 0, which is also a member's id: when member 0 joins first, the next
// member to join announces itself too. The watcher takes the first
// notification, the second fills the slot, and releasing its member the
// watcher waits to send on the channel only it drains, holding the lock
// that everyone else then waits for. Two goroutines that close the
// registry and the watcher right after the start win the race in a
// plain run.
package selfnotify

import "sync"

type registry struct {
	mu     sync.Mutex
	notes  chan []int
	closed bool
	lead   int // the member announced; 0: none (and member 0)
	ids    []int
}

func newRegistry(ids ...int) *registry {
	r := &registry{notes: make(chan []int, 1), ids: ids}
	r.notes <- ids
	return r
}

// join makes id a member; with no lead, id leads and is announced. It
// returns the member's release hook: a released lead announces every id.
func (r *registry) join(id int) (release func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return func() {}
	}
	if r.lead == 0 {
		r.lead = id
		r.notes <- []int{id}
	}
	return func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.lead == id && !r.closed {
			r.lead = 0
			r.notes <- r.ids
		}
	}
}

func (r *registry) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.closed {
		r.closed = true
		close(r.notes)
	}
}

type member struct {
	mu      sync.Mutex
	release func()
}

// watcher keeps a member for each id the last notification listed.
type watcher struct {
	r       *registry
	mu      sync.Mutex
	members map[int]*member
}

func watch(r *registry) *watcher {
	w := &watcher{r: r, members: map[int]*member{}}
	go w.loop()
	return w
}

func (w *watcher) loop() {
	for ids := range w.r.notes {
		listed := map[int]bool{}
		var gone []*member
		w.mu.Lock()
		for _, id := range ids {
			listed[id] = true
			if w.members != nil && w.members[id] == nil {
				m := &member{}
				w.members[id] = m
				go w.start(m, id)
			}
		}
		for id, m := range w.members {
			if !listed[id] {
				delete(w.members, id)
				gone = append(gone, m)
			}
		}
		w.mu.Unlock()
		for _, m := range gone {
			m.stop()
		}
	}
}

func (w *watcher) start(m *member, id int) {
	m.mu.Lock()
	m.release = w.r.join(id)
	m.mu.Unlock()
}

func (m *member) stop() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.release != nil {
		m.release()
		m.release = nil
	}
}

// close stops every member and the registry.
func (w *watcher) close() {
	w.mu.Lock()
	ms := w.members
	w.members = nil
	w.mu.Unlock()
	w.r.close()
	for _, m := range ms {
		m.stop()
	}
}
