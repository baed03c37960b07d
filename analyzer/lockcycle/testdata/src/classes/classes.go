package classes // want package:"lockcycle\\(edges .*\\)"

// classes shows each kind of lock class name, through double locks and
// one cycle.

import "sync"

var mu sync.Mutex

type Inner struct{ mu sync.Mutex }

type T struct {
	sync.Mutex
	inner Inner
	locks map[string]*sync.Mutex
}

func pkgVar() {
	mu.Lock()
	mu.Lock() // want `double lock: classes.mu locked at classes.go:19:\d+ is locked again`
}

func (t *T) embedded() {
	t.Lock()
	t.Lock() // want `double lock: \(\*classes.T\).Mutex locked at`
}

func (t *T) nested() {
	t.inner.mu.Lock()
	t.inner.mu.Lock() // want `double lock: \(\*classes.T\).inner.mu locked at`
}

func local() {
	var m sync.Mutex
	m.Lock()
	m.Lock() // want `double lock: classes.local.m locked at`
}

func closureLocal() {
	var m sync.Mutex
	func() {
		m.Lock()
		m.Lock() // want `double lock: classes.closureLocal.m locked at`
	}()
}

func (t *T) element(k string) {
	t.locks[k].Lock()
	defer t.locks[k].Unlock()
	mu.Lock() // want `lock order cycle: \(\*classes.T\).locks\[\*\] held while acquiring classes.mu; reverse order at classes.go:57:\d+`
	mu.Unlock()
}

func (t *T) reverse(k string) {
	mu.Lock()
	defer mu.Unlock()
	t.locks[k].Lock()
	t.locks[k].Unlock()
}
