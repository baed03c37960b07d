// Package sendafter is the fixed form of deadlock/chansend: Run copies the
// progress under the lock and sends it on the unbuffered channel after
// unlocking, so the watcher calling Status can always take the lock.
package sendafter

import "sync"

type Job struct {
	mu       sync.Mutex
	done     int
	Progress chan int
}

func New() *Job { return &Job{Progress: make(chan int)} }

// Run performs steps, reporting each one after releasing the lock.
func (j *Job) Run(steps int) {
	for i := 1; i <= steps; i++ {
		j.mu.Lock()
		j.done = i
		p := j.done
		j.mu.Unlock()
		j.Progress <- p // sent without the lock
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
