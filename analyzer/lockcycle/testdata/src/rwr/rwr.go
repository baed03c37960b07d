package rwr // want package:"lockcycle\\(edges .*; writers \\(\\*rwr.Config\\).mu\\)"

import "sync"

type Config struct {
	mu   sync.RWMutex
	vals map[string]string
}

func (c *Config) has(k string) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	_, ok := c.vals[k]
	return ok
}

func (c *Config) get(k string) string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if !c.has(k) { // want `recursive read lock: \(\*rwr.Config\).mu read-locked at rwr.go:18:\d+ is read-locked again via \(\*rwr.Config\).has .*a writer \(Lock at rwr.go:27:\d+\)`
		return ""
	}
	return c.vals[k]
}

func (c *Config) set(k, v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.vals[k] = v
}

// NoWriter is only ever read locked: a recursive read lock is harmless.
type NoWriter struct {
	mu sync.RWMutex
	n  int
}

func (w *NoWriter) get() int {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.n + w.peek()
}

func (w *NoWriter) peek() int {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.n
}

// RO takes two RWMutexes in both orders, but only ever read-locks them:
// readers do not block readers, so there is no cycle to report.
type RO struct{ a, b sync.RWMutex }

func (r *RO) ab() { r.a.RLock(); r.b.RLock(); r.b.RUnlock(); r.a.RUnlock() }
func (r *RO) ba() { r.b.RLock(); r.a.RLock(); r.a.RUnlock(); r.b.RUnlock() }
