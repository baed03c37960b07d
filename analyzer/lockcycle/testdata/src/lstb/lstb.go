package lstb // want package:"lockcycle\\(edges .*; stores .*\\)"

// lstb implements and registers the listeners and hooks of lsta: a cycle
// closes through each field that lsta calls with its lock held, and none
// through those it calls after releasing it.

import (
	"lsta"
	"sync"
)

// Watcher listens on a Bus (registered through AddListener) and reads the
// bus holding its own lock.
type Watcher struct {
	mu   sync.Mutex
	bus  *lsta.Bus
	seen map[string]int
}

func (w *Watcher) Changed(k string) { // want Changed:"lockcycle\\(acquires \\(\\*lstb.Watcher\\).mu\\)"
	w.mu.Lock()
	w.seen[k]++
	w.mu.Unlock()
}

func (w *Watcher) start() {
	w.bus.AddListener(w) // want `lock order cycle: \(\*lsta.Bus\).mu held while acquiring \(\*lstb.Watcher\).mu via \(\*lsta.Bus\).notify -> \(\*lstb.Watcher\).Changed \(at lstb.go:21:\d+\) through a dynamic call; reverse order at lstb.go:33:\d+ via \(\*lsta.Bus\).Get`
}

func (w *Watcher) refresh() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.seen["x"] = w.bus.Get("x")
}

// Member subscribes to a Registry (a map of listeners).
type Member struct {
	mu  sync.Mutex
	reg *lsta.Registry
	n   int
}

func (m *Member) Changed(string) { // want Changed:"lockcycle\\(acquires \\(\\*lstb.Member\\).mu\\)"
	m.mu.Lock()
	m.n++
	m.mu.Unlock()
}

func (m *Member) join() {
	m.reg.Subscribe("m", m) // want `lock order cycle: \(\*lsta.Registry\).mu held while acquiring \(\*lstb.Member\).mu via \(\*lstb.Member\).Changed`
}

func (m *Member) size() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.n + m.reg.Len()
}

// Reader listens on a Feed, which calls it outside its lock: no cycle
// although Reader holds its lock while counting the feed.
type Reader struct {
	mu   sync.Mutex
	feed *lsta.Feed
	n    int
}

func (r *Reader) Changed(string) { // want Changed:"lockcycle\\(acquires \\(\\*lstb.Reader\\).mu\\)"
	r.mu.Lock()
	r.n++
	r.mu.Unlock()
}

func (r *Reader) start() { r.feed.AddListener(r) }

func (r *Reader) total() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n + r.feed.Count()
}

// Clock listens on a Ticker, which releases its lock before the call.
type Clock struct {
	mu sync.Mutex
	t  *lsta.Ticker
	n  int
}

func (c *Clock) Changed(string) { // want Changed:"lockcycle\\(acquires \\(\\*lstb.Clock\\).mu\\)"
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func newClock() *Clock {
	c := &Clock{t: &lsta.Ticker{}}
	c.t.SetListener(c)
	return c
}

func (c *Clock) read() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n + c.t.N()
}

// Stats sets the OnEvict hook of a Cache (a function field) and reads
// the cache holding its lock.
type Stats struct {
	mu      sync.Mutex
	c       *lsta.Cache
	evicted int
}

func newStats() *Stats {
	s := &Stats{}
	s.c = &lsta.Cache{OnEvict: func(string, int) { // want `lock order cycle: \(\*lsta.Cache\).mu held while acquiring \(\*lstb.Stats\).mu via lstb.newStats\$1`
		s.mu.Lock()
		s.evicted++
		s.mu.Unlock()
	}}
	return s
}

func (s *Stats) report() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.evicted + s.c.Len()
}
