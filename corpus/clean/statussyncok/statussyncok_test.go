package statussyncok

import (
	"sync"
	"testing"
)

func TestStatusUpdates(t *testing.T) {
	m := New()
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); m.SyncLoop(2, "gone") }()
	for _, pod := range []string{"a", "b"} {
		go func() { defer wg.Done(); m.SetPodStatus(pod, "running") }()
	}
	wg.Wait()
	if n := m.Len(); n != 2 {
		t.Fatalf("%d statuses kept, want 2", n)
	}
}
