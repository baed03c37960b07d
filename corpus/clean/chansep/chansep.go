// Package chansep models a two-stage pipeline: the producer fills a batch
// holding the batch lock then the index lock, and hands the batch over on a
// channel; the consumer, after receiving it, locks the index then the
// batch. The handoff orders the two nestings.
package chansep

import "sync"

type Batch struct {
	mu    sync.Mutex
	items []int
}

type Index struct {
	mu    sync.Mutex
	count int
}

// Produce fills b, counting in x, then hands b to out.
func Produce(b *Batch, x *Index, out chan<- *Batch) {
	b.mu.Lock()
	b.items = append(b.items, 1, 2, 3)
	x.mu.Lock() // Batch.mu -> Index.mu
	x.count += 3
	x.mu.Unlock()
	b.mu.Unlock()
	out <- b
}

// Consume takes a batch and empties it, returning the index count.
func Consume(x *Index, in <-chan *Batch) int {
	b := <-in
	x.mu.Lock()
	defer x.mu.Unlock()
	b.mu.Lock() // Index.mu -> Batch.mu
	x.count -= len(b.items)
	b.items = nil
	b.mu.Unlock()
	return x.count
}
