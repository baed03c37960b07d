// Package rebalanceok is rebalance with ordered locking: the shuffle
// (math/rand's Shuffle) still picks the source and destination, but the
// pass locks the two shards in index order, so two passes never hold one
// shard each while waiting for the other's.
package rebalanceok

import (
	"math/rand"
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
	order := rand.Perm(len(s.shards))
	i, j := order[0], order[1]
	src, dst := s.shards[i], s.shards[j]
	first, second := src, dst
	if j < i {
		first, second = dst, src
	}
	first.mu.Lock()
	defer first.mu.Unlock()
	second.mu.Lock() // lower index first, whatever the draw
	defer second.mu.Unlock()
	moved := 0
	for len(src.items) > len(dst.items)+1 {
		last := len(src.items) - 1
		dst.items = append(dst.items, src.items[last])
		src.items = src.items[:last]
		moved++
	}
	return moved
}
