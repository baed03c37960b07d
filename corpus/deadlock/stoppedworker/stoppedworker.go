// Package stoppedworker models a transport whose worker goroutines run
// under a stopper's WaitGroup: a sender hands messages to a consumer over
// an unbuffered channel, the consumer leaves on the stopper's signal, and
// Stop waits for the workers. A sender left sending keeps Stop waiting.
package stoppedworker

import "sync"

type Stopper struct {
	wg      sync.WaitGroup
	stopper chan struct{}
}

func NewStopper() *Stopper { return &Stopper{stopper: make(chan struct{})} }

// RunWorker runs f on a goroutine Stop waits for.
func (s *Stopper) RunWorker(f func()) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f()
	}()
}

// Stop signals the workers and waits for them.
func (s *Stopper) Stop() {
	close(s.stopper)
	s.wg.Wait()
}

// Start runs a sender of n messages and their consumer.
func Start(s *Stopper, n int) {
	msgs := make(chan int) // unbuffered
	s.RunWorker(func() {
		for i := range n {
			msgs <- i // does not watch the stopper
		}
	})
	s.RunWorker(func() {
		for {
			select {
			case <-msgs:
			case <-s.stopper:
				return
			}
		}
	})
}
