// Package stoppertask models a stopper: a worker starts each task only
// while the stopper is not draining (StartTask checks under the lock) and
// marks itself stopped when it leaves; Stop sets draining and waits for
// the workers while still holding the lock the worker's next StartTask
// needs.
package stoppertask

import "sync"

type Stopper struct {
	mu       sync.Mutex // guards draining
	draining bool
	stop     sync.WaitGroup // one per worker
}

// StartTask reports whether a task may start.
func (s *Stopper) StartTask() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.draining
}

// Stop drains the stopper and waits for the workers.
func (s *Stopper) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.draining = true
	s.stop.Wait() // waits holding s.mu
}

// RunWorker starts a worker that runs task up to n times.
func (s *Stopper) RunWorker(n int, task func()) {
	s.stop.Add(1)
	go func() {
		defer s.stop.Done() // SetStopped
		for range n {
			if !s.StartTask() {
				return
			}
			task()
		}
	}()
}
