package trylock // want package:"lockcycle\\(edges .*\\)"

// trylock backs off with TryLock instead of blocking in the
// reverse order: no cycle.

import "sync"

type T struct{ a, b sync.Mutex }

func (t *T) ab() {
	t.a.Lock()
	defer t.a.Unlock()
	t.b.Lock()
	t.b.Unlock()
}

func (t *T) ba() bool {
	t.b.Lock()
	defer t.b.Unlock()
	if !t.a.TryLock() {
		return false
	}
	t.a.Unlock()
	return true
}

// held: once TryLock succeeded, the lock is held for what follows.
func (t *T) held(u *U) {
	if t.a.TryLock() {
		u.mu.Lock() // want `lock order cycle: \(\*trylock.T\).a held while acquiring \(\*trylock.U\).mu; reverse order at trylock.go:44:\d+`
		u.mu.Unlock()
		t.a.Unlock()
	}
}

type U struct {
	mu sync.Mutex
	t  *T
}

func (u *U) back() {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.t.a.Lock()
	u.t.a.Unlock()
}
