// Package deferlock models a connection whose Close defers both the unlock
// and a notification; defers run last-in first-out, so the notification,
// which locks the connection again, runs while the lock is still held.
package deferlock

import "sync"

type Conn struct {
	mu      sync.Mutex
	closed  bool
	onClose []string
	events  []string
}

// Close marks the connection closed and records the close event.
func (c *Conn) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	defer c.notify() // runs before the Unlock above
	c.closed = true
}

func (c *Conn) notify() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.events = append(c.events, c.onClose...)
}
