package striped

import "testing"

// TestOppositeMoves moves between counters on stripes 1 and 2 in both
// directions concurrently. It returns without waiting; deadlocked
// goroutines leak.
func TestOppositeMoves(t *testing.T) {
	tb := New(4, 8)
	if tb.Get(1) != 0 {
		t.Fatal("new table not zeroed")
	}
	go tb.Move(1, 2)
	go tb.Move(6, 5)
}
