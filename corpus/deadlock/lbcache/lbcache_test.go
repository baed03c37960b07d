package lbcache

import (
	"testing"
	"time"
)

// TestReviveAtTimeout removes a connection with a 1 ms grace period and,
// in a goroutine it does not wait for, revives it 1 ms later and counts the
// live connections 1 ms after that. If the callback returned holding the
// lock, Len leaks.
func TestReviveAtTimeout(t *testing.T) {
	c := New(time.Millisecond)
	c.NewSubConn("a")
	c.RemoveSubConn("a")
	go func() {
		time.Sleep(time.Millisecond)
		c.NewSubConn("a")
		time.Sleep(time.Millisecond)
		_ = c.Len()
	}()
}
