package cancelcb

import (
	"testing"
	"time"
)

// TestCloseAtDeadline closes a session with a 1 ms deadline after 1 ms, in
// a goroutine it does not wait for. Deadlocked goroutines leak.
func TestCloseAtDeadline(t *testing.T) {
	s := Open(time.Millisecond)
	go func() {
		time.Sleep(time.Millisecond)
		s.Close()
	}()
}
