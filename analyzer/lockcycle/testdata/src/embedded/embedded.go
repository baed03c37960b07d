package embedded // want package:"lockcycle\\(edges \\(\\*embedded.Table\\).Mutex -> \\(\\*embedded.Index\\).RWMutex, \\(\\*embedded.Index\\).RWMutex -> \\(\\*embedded.Table\\).Mutex; writers \\(\\*embedded.Index\\).RWMutex\\)"

import "sync"

type Table struct {
	sync.Mutex
	idx *Index
}

type Index struct {
	sync.RWMutex
	table *Table
}

func (t *Table) insert() {
	t.Lock()
	defer t.Unlock()
	t.idx.Lock()
	t.idx.Unlock()
}

func (x *Index) lookup() {
	x.RLock()
	defer x.RUnlock()
	x.table.Lock() // want `lock order cycle: \(\*embedded.Index\).RWMutex held while acquiring \(\*embedded.Table\).Mutex; reverse order at embedded.go:18:\d+`
	x.table.Unlock()
}
