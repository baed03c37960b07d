package doublelock // want package:"lockcycle\\(writers \\(\\*doublelock.T\\).rw\\)"

import "sync"

type T struct {
	mu sync.Mutex
	rw sync.RWMutex
	n  int
}

func (t *T) direct() {
	t.mu.Lock()
	t.n++
	t.mu.Lock() // want `double lock: \(\*doublelock.T\).mu locked at doublelock.go:12:\d+ is locked again`
	t.mu.Unlock()
	t.mu.Unlock()
}

func (t *T) inc() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.n++
}

func (t *T) viaCall() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.inc() // want `double lock: \(\*doublelock.T\).mu locked at doublelock.go:26:\d+ is locked again via \(\*doublelock.T\).inc \(at doublelock.go:20:\d+\)`
}

func (t *T) upgrade() {
	t.rw.RLock()
	defer t.rw.RUnlock()
	t.rw.Lock() // want `double lock: \(\*doublelock.T\).rw read-locked at doublelock.go:32:\d+ is locked again`
	t.rw.Unlock()
}

// other locks a different instance of the same type: no double lock.
func (t *T) other(u *T) {
	t.inc()
	u.inc()
}
