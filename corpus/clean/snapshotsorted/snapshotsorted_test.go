package snapshotsorted

import (
	"sync"
	"testing"
)

func TestConcurrentSnapshots(t *testing.T) {
	db := New("users", "orders", "items")
	var wg sync.WaitGroup
	snaps := make([]map[string][]string, 2)
	for i := range snaps {
		wg.Add(1)
		go func() { defer wg.Done(); snaps[i] = db.Snapshot() }()
	}
	wg.Wait()
	for _, s := range snaps {
		if len(s) != 3 || s["users"][0] != "users-1" {
			t.Fatalf("snapshot %v, want three tables", s)
		}
	}
}
