// Package embedded models a table and its index, each guarded by an
// embedded sync.Mutex: inserts lock the table then the index, lookups lock
// the index then the table.
package embedded

import "sync"

type Table struct {
	sync.Mutex
	rows map[int]string
	idx  *Index
}

type Index struct {
	sync.Mutex
	byName map[string]int
	table  *Table
}

func New() *Table {
	t := &Table{rows: map[int]string{}}
	t.idx = &Index{byName: map[string]int{}, table: t}
	return t
}

// Insert adds a row and indexes it.
func (t *Table) Insert(id int, name string) {
	t.Lock()
	defer t.Unlock()
	t.rows[id] = name
	t.idx.Lock() // Table.Mutex -> Index.Mutex
	t.idx.byName[name] = id
	t.idx.Unlock()
}

// Lookup finds a row by name.
func (x *Index) Lookup(name string) (string, bool) {
	x.Lock()
	defer x.Unlock()
	id, ok := x.byName[name]
	if !ok {
		return "", false
	}
	x.table.Lock() // Index.Mutex -> Table.Mutex
	defer x.table.Unlock()
	return x.table.rows[id], true
}
