// Package snapshotsorted is snapshotall with the usual fix: Snapshot sorts
// the table names before it locks, so every snapshot locks the tables in
// the same order whatever order the map's range yields.
package snapshotsorted

import (
	"maps"
	"slices"
	"sync"
)

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
	names := slices.Sorted(maps.Keys(db.tables))
	for _, n := range names {
		db.tables[n].mu.Lock() // in name order
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
