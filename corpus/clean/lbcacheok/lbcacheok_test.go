package lbcacheok

import (
	"testing"
	"time"
)

func TestReviveAtTimeout(t *testing.T) {
	c := New(time.Millisecond)
	c.NewSubConn("a")
	c.RemoveSubConn("a")
	time.Sleep(time.Millisecond)
	c.NewSubConn("a")
	if n := c.Len(); n != 1 {
		t.Fatalf("%d live connections; want 1", n)
	}
}
