package deferlock

import "testing"

// TestClose closes a connection in a goroutine it does not wait for: the
// deferred notify deadlocks on the lock Close still holds, and leaks.
func TestClose(t *testing.T) {
	c := &Conn{onClose: []string{"closed"}}
	go c.Close()
}
