// Package snapshotall models a consistent snapshot of an in-memory
// database: Snapshot locks every table, ranging over the database's map of
// tables, before it copies any row, and unlocks them all at the end. Map
// iteration order differs between ranges, so two concurrent snapshots can
// lock two tables in opposite orders.
package snapshotall

import "sync"

type Table struct {
	mu   sync.Mutex // guards rows
	rows []string
}

type DB struct{ tables map[string]*Table } // fixed at construction

func New(names ...string) *DB {
	db := &DB{tables: map[string]*Table{}}
	for _, n := range names {
		db.tables[n] = &Table{rows: []string{n + "-1"}}
	}
	return db
}

// Snapshot returns a copy of every table's rows, taken while all tables
// are locked.
func (db *DB) Snapshot() map[string][]string {
	for _, t := range db.tables {
		t.mu.Lock() // in map order: another Snapshot may range otherwise
	}
	out := make(map[string][]string, len(db.tables))
	for name, t := range db.tables {
		out[name] = append([]string(nil), t.rows...)
	}
	for _, t := range db.tables {
		t.mu.Unlock()
	}
	return out
}
