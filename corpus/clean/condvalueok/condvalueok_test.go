package condvalueok

import (
	"sync"
	"testing"
)

func TestWaitOnce(t *testing.T) {
	n := New()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); n.WaitOnce() }()
	go func() { defer wg.Done(); n.Notify() }()
	wg.Wait()
	if p := n.Pending(); p != 0 {
		t.Fatalf("%d changes pending after WaitOnce, want 0", p)
	}
}
