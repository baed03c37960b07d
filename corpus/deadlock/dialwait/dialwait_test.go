package dialwait

import (
	"testing"
	"time"
)

// TestDialTimeout dials with a 1 ms handshake and a 1 ms timeout and
// closes the connection if it got one. An abandoned connection leaks.
func TestDialTimeout(t *testing.T) {
	c, err := Dial(time.Millisecond, func() { time.Sleep(time.Millisecond) })
	if err == nil {
		c.Close()
	}
}
