package healthstop

import (
	"testing"
	"time"
)

// TestStopAtProbe runs a 1 ms monitor and stops the container after 1 ms,
// in goroutines it does not wait for. Deadlocked goroutines leak.
func TestStopAtProbe(t *testing.T) {
	c := New()
	go c.Monitor(time.Millisecond)
	go func() {
		time.Sleep(time.Millisecond)
		c.StateChanged()
	}()
}
