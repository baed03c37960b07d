// Package chansend models a job that reports progress on an unbuffered
// channel while holding its lock; the UI goroutine receiving the progress
// calls Status, which needs the same lock.
package chansend

import "sync"

type Job struct {
	mu       sync.Mutex
	done     int
	Progress chan int
}

func New() *Job { return &Job{Progress: make(chan int)} }

// Run performs steps, reporting each one.
func (j *Job) Run(steps int) {
	for i := 1; i <= steps; i++ {
		j.mu.Lock()
		j.done = i
		j.Progress <- i // sent while holding j.mu
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

// Watch consumes progress reports, reading the status for each.
func (j *Job) Watch() {
	for range j.Progress {
		_ = j.Status()
	}
}
