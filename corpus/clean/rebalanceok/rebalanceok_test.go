package rebalanceok

import (
	"sync"
	"testing"
)

func TestConcurrentPasses(t *testing.T) {
	s := New([]string{"a", "b", "c", "d"}, []string{"e"})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); s.Rebalance() }()
	go func() { defer wg.Done(); s.Rebalance() }()
	wg.Wait()
	if n := len(s.shards[0].items) + len(s.shards[1].items); n != 5 {
		t.Fatalf("%d items after rebalancing, want 5", n)
	}
}
