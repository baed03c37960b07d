// Package lateend models a flush that finishes in the background: Close
// hands the last batch to a goroutine and returns; the goroutine writes it
// under the store's lock a moment later and ends.
package lateend

import (
	"sync"
	"time"
)

type Store struct {
	mu      sync.Mutex // guards written
	written int
}

// Close flushes batch in the background after delay.
func (s *Store) Close(batch int, delay time.Duration) {
	go func() {
		time.Sleep(delay)
		s.mu.Lock()
		s.written += batch
		s.mu.Unlock()
	}()
}
