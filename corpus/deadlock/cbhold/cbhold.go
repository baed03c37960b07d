// Package cbhold models a session table whose idle sessions expire through
// a time.AfterFunc callback. The callback locks the table and, when the
// session was touched since it was scheduled, returns early without
// unlocking. Every later Lock of the table waits for good: the lock is held
// by a callback that has returned.
package cbhold

import (
	"sync"
	"time"
)

type Table struct {
	mu      sync.Mutex // guards touched and sessions
	touched map[string]bool
	live    map[string]bool
}

func New() *Table { return &Table{touched: map[string]bool{}, live: map[string]bool{}} }

// Open makes a session live and schedules its expiry after idle.
func (t *Table) Open(id string, idle time.Duration) {
	t.mu.Lock()
	t.live[id] = true
	t.mu.Unlock()
	time.AfterFunc(idle, func() { t.expire(id) })
}

// Touch marks a session as used: its pending expiry must not remove it.
func (t *Table) Touch(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.touched[id] = true
}

// expire removes an idle session.
func (t *Table) expire(id string) {
	t.mu.Lock()
	if t.touched[id] {
		return // forgets t.mu.Unlock()
	}
	delete(t.live, id)
	t.mu.Unlock()
}

// Len reports the live sessions.
func (t *Table) Len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.live)
}
