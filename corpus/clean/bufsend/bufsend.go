// Package bufsend models a job that reports progress while holding its
// lock, like deadlock/chansend, but on a channel buffered for every step:
// the send never blocks, so the watcher that needs the lock always gets it.
package bufsend

import "sync"

type Job struct {
	mu       sync.Mutex
	done     int
	Progress chan int
}

// New returns a job of steps steps; Progress has room for every report.
func New(steps int) *Job { return &Job{Progress: make(chan int, steps)} }

// Run performs steps, reporting each one while holding the lock.
func (j *Job) Run() {
	for i := 1; i <= cap(j.Progress); i++ {
		j.mu.Lock()
		j.done = i
		j.Progress <- i // buffered with room: never blocks
		j.mu.Unlock()
	}
	close(j.Progress)
}

// Status reports the number of finished steps.
func (j *Job) Status() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.done
}

// Watch consumes progress reports and returns the last status seen.
func (j *Job) Watch() int {
	last := 0
	for range j.Progress {
		last = j.Status()
	}
	return last
}
