// Package lsta keeps listeners and hooks in fields and calls them; lstb
// implements and registers them.
package lsta

import "sync"

type Listener interface{ Changed(key string) }

// Bus calls its listeners (a slice) with its lock held.
type Bus struct {
	mu        sync.Mutex
	listeners []Listener
	data      map[string]int
}

func (b *Bus) AddListener(l Listener) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.listeners = append(b.listeners, l)
}

func (b *Bus) Set(k string, v int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.data[k] = v
	b.notify(k)
}

func (b *Bus) notify(k string) {
	for _, l := range b.listeners {
		l.Changed(k)
	}
}

func (b *Bus) Get(k string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.data[k]
}

// Registry keeps its listeners in a map and calls them with its lock held.
type Registry struct {
	mu   sync.Mutex
	subs map[string]Listener
}

func (r *Registry) Subscribe(name string, l Listener) {
	r.mu.Lock()
	r.subs[name] = l
	r.mu.Unlock()
}

func (r *Registry) Fire(k string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, l := range r.subs {
		l.Changed(k)
	}
}

func (r *Registry) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.subs)
}

// Feed copies its listeners under its lock and calls them outside it.
type Feed struct {
	mu        sync.Mutex
	listeners []Listener
}

func (f *Feed) AddListener(l Listener) {
	f.mu.Lock()
	f.listeners = append(f.listeners, l)
	f.mu.Unlock()
}

func (f *Feed) Emit(k string) {
	f.mu.Lock()
	ls := append([]Listener(nil), f.listeners...)
	f.mu.Unlock()
	for _, l := range ls {
		l.Changed(k)
	}
}

func (f *Feed) Count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.listeners)
}

// Ticker releases its lock before it calls its listener (a single field).
type Ticker struct {
	mu sync.Mutex
	l  Listener
	n  int
}

func (t *Ticker) SetListener(l Listener) { t.l = l }

func (t *Ticker) Tick() {
	t.mu.Lock()
	t.n++
	t.mu.Unlock()
	t.l.Changed("tick")
}

func (t *Ticker) N() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.n
}

// Cache calls its OnEvict hook (a function field set by its user) with
// its lock held.
type Cache struct {
	mu      sync.Mutex
	items   map[string]int
	OnEvict func(k string, v int)
}

func (c *Cache) Evict(k string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := c.items[k]
	delete(c.items, k)
	if c.OnEvict != nil {
		c.OnEvict(k, v)
	}
}

func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items)
}
