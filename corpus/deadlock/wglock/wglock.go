// Package wglock models a batch that starts its workers and waits for them
// while still holding the lock each worker needs to store its result.
package wglock

import "sync"

type Batch struct {
	mu      sync.Mutex
	results []int
}

// Run squares every input in its own worker and waits for them all.
func (b *Batch) Run(inputs []int) {
	var wg sync.WaitGroup
	b.mu.Lock()
	defer b.mu.Unlock()
	b.results = b.results[:0]
	for _, in := range inputs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.mu.Lock() // blocks: Run holds b.mu until Wait returns
			b.results = append(b.results, in*in)
			b.mu.Unlock()
		}()
	}
	wg.Wait() // waits with b.mu held
}
