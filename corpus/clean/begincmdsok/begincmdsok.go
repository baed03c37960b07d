// Package begincmdsok is begincmds fixed: the report channel has room for
// every helper, so a cancelled collector leaves no helper blocked.
package begincmdsok

import (
	"context"
	"sync"
)

type Replica struct {
	mu      sync.Mutex // guards latches
	latches map[int]int
}

func New() *Replica { return &Replica{latches: map[int]int{}} }

func (r *Replica) acquire(n int) bool {
	for i := range n {
		r.mu.Lock()
		r.latches[i%8]++
		r.mu.Unlock()
	}
	return true
}

// BeginCmds acquires the latches of cmds commands; done is called by each
// helper when it has reported.
func (r *Replica) BeginCmds(ctx context.Context, cmds int, done func()) error {
	ch := make(chan bool, cmds) // room for every helper
	for range cmds {
		go func() {
			defer done()
			ch <- r.acquire(3)
		}()
	}
	for range cmds {
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}
