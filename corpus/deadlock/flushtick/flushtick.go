// Package flushtick models a stats collector whose flusher runs on a
// ticker as fast as the clock allows: a counter update holds the stats
// lock while it hands its key to the collector's loop over a channel of
// one slot, and the loop, at a tick with keys pending, takes the same lock
// to flush them. Once an update holds the lock with the slot full, the
// loop waits for the lock and the update for the slot.
package flushtick

import (
	"sync"
	"time"
)

type Stats struct {
	mu      sync.Mutex // guards counts
	counts  map[string]int
	updates chan string // one slot
	pending []string    // the loop's own
}

// New starts the collector's loop.
func New() *Stats {
	s := &Stats{counts: map[string]int{}, updates: make(chan string, 1)}
	go s.loop()
	return s
}

func (s *Stats) loop() {
	tick := time.NewTicker(time.Nanosecond)
	defer tick.Stop()
	for {
		select {
		case k := <-s.updates:
			s.pending = append(s.pending, k)
		case <-tick.C:
			if len(s.pending) == 0 {
				continue
			}
			s.mu.Lock()
			for _, k := range s.pending {
				s.counts[k]++
			}
			s.pending = s.pending[:0]
			s.mu.Unlock()
		}
	}
}

// Inc counts one more k.
func (s *Stats) Inc(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.updates <- k // holds mu while the slot is full
}
