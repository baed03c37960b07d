package elements

import "sync"

type Table struct {
	locks []sync.Mutex
	byKey map[string]*sync.Mutex
}

func (t *Table) move(i, j int) {
	n := len(t.locks)
	t.locks[i%n].Lock()
	defer t.locks[i%n].Unlock()
	t.locks[j%n].Lock() // want `lock order cycle: \(\*elements.Table\).locks\[\*\] of i held while acquiring \(\*elements.Table\).locks\[\*\] of j`
	defer t.locks[j%n].Unlock()
}

func (t *Table) swap(a, b string) {
	t.byKey[a].Lock()
	defer t.byKey[a].Unlock()
	t.byKey[b].Lock() // want `lock order cycle: \(\*elements.Table\).byKey\[\*\] of a held while acquiring \(\*elements.Table\).byKey\[\*\] of b`
	defer t.byKey[b].Unlock()
}

// lockAll takes every stripe in index order: silent.
func (t *Table) lockAll() {
	for i := range t.locks {
		t.locks[i].Lock()
	}
	for i := range t.locks {
		t.locks[i].Unlock()
	}
}

// ordered takes the lower index first: silent.
func (t *Table) ordered(i, j int) {
	lo, hi := min(i, j), max(i, j)
	t.locks[lo].Lock()
	t.locks[hi].Lock()
	t.locks[hi].Unlock()
	t.locks[lo].Unlock()
}
