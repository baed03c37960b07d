package doublelock

import "testing"

// TestAdd records a new maximum in a goroutine it does not wait for: the
// goroutine deadlocks on its own lock and leaks.
func TestAdd(t *testing.T) {
	s := &Stats{}
	go s.Add(5)
}
