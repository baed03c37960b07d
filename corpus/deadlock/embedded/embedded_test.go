package embedded

import "testing"

// TestInsertWhileLookingUp inserts a row while another goroutine looks one
// up. It returns without waiting; deadlocked goroutines leak.
func TestInsertWhileLookingUp(t *testing.T) {
	tb := New()
	tb.Insert(1, "one")
	go tb.Insert(2, "two")
	go tb.idx.Lookup("one")
}
