package helpers // want package:"lockcycle\\(edges .*\\)"

// helpers uses lock/unlock helper pairs.

import "sync"

type T struct {
	mu    sync.Mutex
	other *U
}

type U struct{ mu sync.Mutex }

func (t *T) lock()   { t.mu.Lock() }
func (t *T) unlock() { t.mu.Unlock() }

// pair brackets work with the helpers: after unlock nothing is held, so
// taking U.mu and then T.mu again is no cycle with the next function.
func (t *T) pair() {
	t.lock()
	t.unlock()
	t.other.mu.Lock()
	t.lock()
	t.unlock()
	t.other.mu.Unlock()
}

// twice locks through the helper while holding the lock: a double lock
// through calls.
func (t *T) twice() {
	t.lock()
	t.lock() // want `double lock: \(\*helpers.T\).mu locked at helpers.go:31:\d+ via \(\*helpers.T\).lock \(lock at helpers.go:14:\d+\) is locked again via \(\*helpers.T\).lock`
	t.unlock()
	t.unlock()
}

// wait releases the caller's lock and takes it back: calling it with the
// lock held is no double lock.
func (t *T) waitLocked() {
	t.mu.Unlock()
	t.mu.Lock()
}

func (t *T) useWait() {
	t.mu.Lock()
	t.waitLocked()
	t.mu.Unlock()
}
