// Package shardring models a sharded counter that locks all its shards
// for a resize: Grow takes them first to last, Shrink last to first, each
// keeping every shard locked until all are, so a Grow and a Shrink can
// each hold a shard the other needs next.
package shardring

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

// Shrink locks every shard, last to first, then takes one from each.
func (c *Counter) Shrink() {
	for i := len(c.shards) - 1; i >= 0; i-- {
		c.shards[i].mu.Lock()
	}
	for _, s := range c.shards {
		s.n--
		s.mu.Unlock()
	}
}
