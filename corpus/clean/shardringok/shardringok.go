// Package shardringok is the look-alike of shardring: Grow and Shrink
// both lock every shard first to last (by index), so the ring is always
// taken in one order; Shrink unlocks them last to first.
package shardringok

import "sync"

type Shard struct {
	mu sync.Mutex
	n  int
}

type Counter struct{ shards []*Shard } // fixed at construction

func New(n int) *Counter {
	c := &Counter{}
	for range n {
		c.shards = append(c.shards, &Shard{})
	}
	return c
}

// Grow locks every shard, first to last, then adds one to each.
func (c *Counter) Grow() {
	for _, s := range c.shards {
		s.mu.Lock()
	}
	for _, s := range c.shards {
		s.n++
		s.mu.Unlock()
	}
}

// Shrink locks every shard, first to last, takes one from each and
// unlocks them last to first.
func (c *Counter) Shrink() {
	for i := 0; i < len(c.shards); i++ {
		c.shards[i].mu.Lock()
	}
	for i := len(c.shards) - 1; i >= 0; i-- {
		c.shards[i].n--
		c.shards[i].mu.Unlock()
	}
}
