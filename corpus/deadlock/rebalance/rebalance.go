// Package rebalance models a shard rebalancer: each pass shuffles the
// shards (math/rand's Shuffle) so that no pair is favoured, then moves
// items from the first shard of the shuffle to the second, locking source
// then destination. Two passes that draw opposite orders of the same two
// shards lock them in opposite orders.
package rebalance

import (
	"math/rand"
	"slices"
	"sync"
)

type Shard struct {
	mu    sync.Mutex // guards items
	items []string
}

type Store struct{ shards []*Shard }

// New returns a store with one shard per slice of items.
func New(items ...[]string) *Store {
	s := &Store{}
	for _, it := range items {
		s.shards = append(s.shards, &Shard{items: it})
	}
	return s
}

// Rebalance moves items from one random shard to another until the
// second has at least as many, and returns how many it moved.
func (s *Store) Rebalance() int {
	order := slices.Clone(s.shards)
	rand.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	src, dst := order[0], order[1]
	src.mu.Lock()
	defer src.mu.Unlock()
	dst.mu.Lock() // src.mu held: the shuffle decides the order
	defer dst.mu.Unlock()
	moved := 0
	for len(src.items) > len(dst.items)+1 {
		last := len(src.items) - 1
		dst.items = append(dst.items, src.items[last])
		src.items = src.items[:last]
		moved++
	}
	return moved
}
