// Package stoppertaskok is stoppertask fixed: Stop sets draining under the
// lock and waits for the workers after releasing it.
package stoppertaskok

import "sync"

type Stopper struct {
	mu       sync.Mutex // guards draining
	draining bool
	stop     sync.WaitGroup
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
	s.draining = true
	s.mu.Unlock()
	s.stop.Wait() // without s.mu
}

// RunWorker starts a worker that runs task up to n times.
func (s *Stopper) RunWorker(n int, task func()) {
	s.stop.Add(1)
	go func() {
		defer s.stop.Done()
		for range n {
			if !s.StartTask() {
				return
			}
			task()
		}
	}()
}
