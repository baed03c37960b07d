package shardringok

import (
	"sync"
	"testing"
)

func TestGrowWhileShrinking(t *testing.T) {
	c := New(2)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.Grow() }()
	go func() { defer wg.Done(); c.Shrink() }()
	wg.Wait()
	for i, s := range c.shards {
		if s.n != 0 {
			t.Fatalf("shard %d at %d; want 0", i, s.n)
		}
	}
}
