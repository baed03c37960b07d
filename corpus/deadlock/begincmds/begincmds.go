// Package begincmds models a replica's beginCmds: one helper per command
// acquires the command's latch and reports on an unbuffered channel; the
// collector also watches ctx.Done() and, cancelled, returns without
// draining the channel, leaving the remaining helpers blocked.
package begincmds

import (
	"context"
	"sync"
)

type Replica struct {
	mu      sync.Mutex // guards latches
	latches map[int]int
}

func New() *Replica { return &Replica{latches: map[int]int{}} }

// acquire takes n latch slots (bookkeeping only).
func (r *Replica) acquire(n int) bool {
	for i := range n {
		r.mu.Lock()
		r.latches[i%8]++
		r.mu.Unlock()
	}
	return true
}

// BeginCmds acquires the latches of cmds commands, each on its own helper.
func (r *Replica) BeginCmds(ctx context.Context, cmds int) error {
	ch := make(chan bool) // unbuffered
	for range cmds {
		go func() { ch <- r.acquire(150) }()
	}
	for range cmds {
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err() // the other helpers' sends are never received
		}
	}
	return nil
}
