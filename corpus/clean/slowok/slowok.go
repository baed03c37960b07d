// Package slowok models a checksum of a large log under a lock taken per
// record: correct, with one lock order, but many synchronization steps.
package slowok

import "sync"

type Log struct {
	mu      sync.Mutex // guards records
	records []uint64
}

// Append adds a record.
func (l *Log) Append(v uint64) {
	l.mu.Lock()
	l.records = append(l.records, v)
	l.mu.Unlock()
}

// Sum folds the records, locking once per record.
func (l *Log) Sum() uint64 {
	var s uint64
	for i := 0; ; i++ {
		l.mu.Lock()
		if i >= len(l.records) {
			l.mu.Unlock()
			return s
		}
		s = s*31 + l.records[i]
		l.mu.Unlock()
	}
}
