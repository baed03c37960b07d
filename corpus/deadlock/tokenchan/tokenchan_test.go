package tokenchan

import (
	"testing"
	"time"
)

// TestAssignWhileExpiring assigns three tokens 1 ms apart with a 1 ms TTL
// checked every 1 ms, then closes the store, in a goroutine it does not
// wait for. Deadlocked goroutines leak.
func TestAssignWhileExpiring(t *testing.T) {
	s := New(time.Millisecond, time.Millisecond)
	go func() {
		for range 3 {
			s.Assign("root")
			time.Sleep(time.Millisecond)
		}
		s.Close()
	}()
}
