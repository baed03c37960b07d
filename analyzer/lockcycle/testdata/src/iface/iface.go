package iface // want package:"lockcycle\\(edges .*\\)"

// iface has a cycle closed through an interface callback.

import "sync"

type Sink interface{ Write(msg string) }

type Logger struct {
	mu    sync.Mutex
	sinks []Sink
}

func (l *Logger) Log(msg string) { // want Log:"lockcycle\\(acquires \\(\\*iface.Logger\\).mu, \\(\\*iface.FileSink\\).mu; calls fields iface.Logger.sinks.Write\\)"
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.sinks {
		s.Write(msg)
	}
}

func (l *Logger) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.sinks)
}

type FileSink struct {
	mu  sync.Mutex
	log *Logger
}

func (f *FileSink) Write(msg string) { // want Write:"lockcycle\\(acquires \\(\\*iface.FileSink\\).mu\\)"
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = msg
}

func (f *FileSink) Rotate() { // want Rotate:"lockcycle\\(acquires \\(\\*iface.FileSink\\).mu, \\(\\*iface.Logger\\).mu\\)"
	f.mu.Lock()
	defer f.mu.Unlock()
	f.log.count() // want `lock order cycle: \(\*iface.FileSink\).mu held while acquiring \(\*iface.Logger\).mu via \(\*iface.Logger\).count \(at iface.go:23:\d+\); reverse order at iface.go:18:\d+ via \(\*iface.FileSink\).Write \(lock at iface.go:34:\d+\) through a dynamic call`
}

// Funcs has a callback through a function value.
type Funcs struct {
	mu       sync.Mutex
	onChange Hook
	other    *Other
}

// Hook is a named function type: a func literal stored into a Hook field
// is converted (ChangeType) on the way.
type Hook func()

type Other struct{ mu sync.Mutex }

func (f *Funcs) Set() { // want Set:"lockcycle\\(acquires \\(\\*iface.Funcs\\).mu, \\(\\*iface.Other\\).mu; calls fields iface.Funcs.onChange.\\)"
	f.mu.Lock()
	defer f.mu.Unlock()
	f.onChange() // want `lock order cycle: \(\*iface.Funcs\).mu held while acquiring \(\*iface.Other\).mu via iface.NewFuncs\$1 \(at iface.go:74:\d+\) through a dynamic call; reverse order at iface.go:67:\d+`
}

func (o *Other) Poke(f *Funcs) { // want Poke:"lockcycle\\(acquires \\(\\*iface.Other\\).mu, \\(\\*iface.Funcs\\).mu\\)"
	o.mu.Lock()
	defer o.mu.Unlock()
	f.mu.Lock()
	f.mu.Unlock()
}

func NewFuncs(o *Other) *Funcs {
	f := &Funcs{other: o}
	f.onChange = func() {
		o.mu.Lock()
		o.mu.Unlock()
	}
	return f
}

// Watcher registers a callback on a subscription while holding its own
// lock; the subscription calls it under its lock. The callback is only
// published inside the section that makes the reverse edge: not reported.
type Watcher struct {
	mu  sync.Mutex
	sub *Sub
}

type Sub struct {
	mu   sync.Mutex
	done func()
}

func (w *Watcher) watch(s *Sub) {
	w.mu.Lock()
	defer w.mu.Unlock()
	s.mu.Lock()
	s.done = func() {
		w.mu.Lock()
		w.mu.Unlock()
	}
	s.mu.Unlock()
	w.sub = s
}

func (s *Sub) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done != nil {
		s.done()
	}
}

// Closer is an optional interface: Drop closes values that happen to
// implement it. The value can be anything, so the call is not resolved to
// the Closer implementations lockcycle happens to see.
type Closer interface{ Close() }

type Pool struct {
	mu    sync.Mutex
	items []any
	res   *Resource
}

type Resource struct {
	mu   sync.Mutex
	pool *Pool
}

func (p *Pool) drop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, it := range p.items {
		if c, ok := it.(Closer); ok {
			c.Close()
		}
	}
}

func (r *Resource) Close() { // want Close:"lockcycle\\(acquires \\(\\*iface.Resource\\).mu, \\(\\*iface.Pool\\).mu\\)"
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pool.mu.Lock()
	r.pool.mu.Unlock()
}
