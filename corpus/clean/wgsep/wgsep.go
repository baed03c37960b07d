// Package wgsep models a migration that copies a source table into a
// target (source then target), and a verifier that checks the target
// against the source (target then source). The verifier waits on a
// WaitGroup until the migration is done, so the two orders never overlap.
package wgsep

import "sync"

type Table struct {
	mu   sync.Mutex
	rows []string
}

// Migrate copies src into dst, locking src then dst, and reports done.
func Migrate(src, dst *Table, done *sync.WaitGroup) {
	defer done.Done()
	src.mu.Lock()
	defer src.mu.Unlock()
	dst.mu.Lock()
	defer dst.mu.Unlock()
	dst.rows = append(dst.rows[:0], src.rows...)
}

// Verify waits for the migration, then compares, locking dst then src.
func Verify(src, dst *Table, migrated *sync.WaitGroup) bool {
	migrated.Wait()
	dst.mu.Lock()
	defer dst.mu.Unlock()
	src.mu.Lock()
	defer src.mu.Unlock()
	if len(dst.rows) != len(src.rows) {
		return false
	}
	for i := range src.rows {
		if dst.rows[i] != src.rows[i] {
			return false
		}
	}
	return true
}
