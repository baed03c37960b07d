package deferpat // want package:"lockcycle\\(edges .*\\)"

// deferpat exercises defer, early returns, panics and loops.

import (
	"errors"
	"sync"
)

type T struct {
	a, b sync.Mutex
	n    int
}

// early releases a on every path before taking b: no edge a -> b.
func (t *T) early(fail bool) error {
	t.a.Lock()
	if fail {
		t.a.Unlock()
		return errors.New("fail")
	}
	t.a.Unlock()
	t.b.Lock()
	defer t.b.Unlock()
	return nil
}

// deferred holds b until the return (deferred unlock), then takes a in a
// deferred closure: edge b -> a.
func (t *T) deferred() {
	t.b.Lock()
	defer t.b.Unlock()
	defer func() {
		t.a.Lock()
		t.a.Unlock()
	}()
	t.n++
}

// loop takes b then a inside a loop body; the lock is released each
// iteration: edge a -> b every time.
func (t *T) loop(k int) {
	for i := 0; i < k; i++ {
		t.a.Lock()
		t.b.Lock() // want `lock order cycle: \(\*deferpat.T\).a held while acquiring \(\*deferpat.T\).b on the same object; reverse order on the same object at deferpat.go:33:\d+ via \(\*deferpat.T\).deferred\$1`
		t.b.Unlock()
		t.a.Unlock()
	}
}

// panics: the panic path leaves the lock held, but a panic is no return.
func (t *T) panics(bad bool) {
	t.a.Lock()
	if bad {
		panic("bad")
	}
	t.a.Unlock()
}

// unlockInDefer: every return path is covered by the defer.
func (t *T) unlockInDefer(x int) int {
	t.a.Lock()
	defer t.a.Unlock()
	if x > 0 {
		return x
	}
	return -x
}
