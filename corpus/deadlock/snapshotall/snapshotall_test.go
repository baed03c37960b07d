package snapshotall

import "testing"

// TestConcurrentSnapshots takes two snapshots of three tables at once. It
// returns without waiting; deadlocked goroutines leak.
func TestConcurrentSnapshots(t *testing.T) {
	db := New("users", "orders", "items")
	go db.Snapshot()
	go db.Snapshot()
}
