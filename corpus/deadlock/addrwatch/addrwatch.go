// Package addrwatch models a round-robin balancer: watchAddrUpdates sends
// each address update on an unbuffered channel while holding the balancer
// lock; the connection's lbWatcher, having taken an update, tears down the
// connections of removed addresses, which takes the same lock.
package addrwatch

import "sync"

type Balancer struct {
	mu     sync.Mutex // guards addrs and downs
	addrs  []string
	downs  int
	addrCh chan []string // unbuffered
}

func New() *Balancer { return &Balancer{addrCh: make(chan []string)} }

// WatchAddrUpdates publishes each resolved address list.
func (b *Balancer) WatchAddrUpdates(updates [][]string) {
	for _, u := range updates {
		b.mu.Lock()
		b.addrs = u
		b.addrCh <- u // sent holding b.mu
		b.mu.Unlock()
	}
}

// down tears down the connection to a removed address.
func (b *Balancer) down(addr string) {
	b.mu.Lock()
	b.downs++
	b.mu.Unlock()
}

// LBWatcher takes n updates, tearing down addresses that went away.
func (b *Balancer) LBWatcher(n int) {
	var prev []string
	for range n {
		u := <-b.addrCh
		for _, a := range prev {
			if !contains(u, a) {
				b.down(a)
			}
		}
		prev = u
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Resolver caches name lookups (unrelated to the bug).
type Resolver struct {
	mu    sync.Mutex
	cache map[string]int
}

// Lookup resolves a name, caching it.
func (r *Resolver) Lookup(name string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cache == nil {
		r.cache = map[string]int{}
	}
	r.cache[name]++
	return len(r.cache)
}
