// Package selectstop models a worker loop that selects between jobs and a
// quit signal. Stop holds the worker lock while sending quit on an
// unbuffered channel; if the loop has just taken a job, it needs that lock
// before it can come back to the select.
package selectstop

import "sync"

type Worker struct {
	mu      sync.Mutex // guards done, stopped
	done    int
	stopped bool
	jobs    chan int
	quit    chan struct{}
}

// New returns a worker with room for one queued job.
func New() *Worker { return &Worker{jobs: make(chan int, 1), quit: make(chan struct{})} }

// Loop runs jobs until told to quit.
func (w *Worker) Loop() {
	for {
		select {
		case j := <-w.jobs:
			w.mu.Lock()
			w.done += j
			w.mu.Unlock()
		case <-w.quit:
			return
		}
	}
}

// Submit queues a job for the loop.
func (w *Worker) Submit(j int) { w.jobs <- j }

// Stop marks the worker stopped and tells the loop to quit.
func (w *Worker) Stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = true
	w.quit <- struct{}{} // sent while holding w.mu
}
