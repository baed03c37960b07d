// Package closeunread models a worker pool whose workers send each result
// on an unbuffered channel. Close stops taking jobs and waits for the
// workers; a worker holding a result nobody reads any more never finishes.
package closeunread

import "sync"

type Pool struct {
	jobs    chan int
	results chan int
	wg      sync.WaitGroup
}

func New(workers int) *Pool {
	p := &Pool{jobs: make(chan int, 16), results: make(chan int)}
	for range workers {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	defer p.wg.Done()
	for j := range p.jobs {
		p.results <- j * j
	}
}

// Submit queues a job.
func (p *Pool) Submit(j int) { p.jobs <- j }

// Results delivers the results.
func (p *Pool) Results() <-chan int { return p.results }

// Close stops taking jobs and waits for the workers to finish.
func (p *Pool) Close() {
	close(p.jobs)
	p.wg.Wait()
}
