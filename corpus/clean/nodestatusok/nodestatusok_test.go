package nodestatusok

import (
	"sync"
	"testing"
)

func TestStatusAtStop(t *testing.T) {
	n := New()
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); n.Run() }()
	go func() { defer wg.Done(); n.Stop() }()
	got := 0
	go func() { defer wg.Done(); got = n.Status() }()
	wg.Wait()
	if got != 7 && got != -1 {
		t.Fatalf("status %d, want 7 or -1", got)
	}
}
