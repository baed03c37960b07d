package assertlock

import "testing"

// TestTouchWhileClosing touches a session while it closes. It returns
// without waiting; deadlocked goroutines leak.
func TestTouchWhileClosing(t *testing.T) {
	r := &Registry{byID: map[int]any{}}
	s := &Session{id: 1}
	r.Add(s)
	go r.Touch(1)
	go s.Close()
}
