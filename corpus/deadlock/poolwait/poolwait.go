// Package poolwait models a worker pool created paused: submitted jobs wait
// for Start, and Close waits for the jobs in flight with a WaitGroup.
// Submit counts a job with wg.Add(1) and hands it to a goroutine; a job
// that finds the pool closed when it is released returns early without
// wg.Done, so Close's Wait never ends.
package poolwait

import "sync"

type Pool struct {
	mu      sync.Mutex // guards closed and done
	closed  bool
	done    int
	wg      sync.WaitGroup
	release chan struct{} // closed by Start or Close
	once    sync.Once
}

func New() *Pool { return &Pool{release: make(chan struct{})} }

// Submit runs job on its own goroutine once the pool is started, unless
// it is closed by then.
func (p *Pool) Submit(job func()) {
	p.wg.Add(1)
	go func() {
		<-p.release
		p.mu.Lock()
		closed := p.closed
		p.mu.Unlock()
		if closed {
			return // forgets p.wg.Done()
		}
		job()
		p.mu.Lock()
		p.done++
		p.mu.Unlock()
		p.wg.Done()
	}()
}

// Start releases the submitted jobs.
func (p *Pool) Start() { p.once.Do(func() { close(p.release) }) }

// Close refuses further jobs, releases the waiting ones and waits for them.
func (p *Pool) Close() {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	p.Start()
	p.wg.Wait()
}
