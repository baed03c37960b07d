// Package addinsideok is addinside fixed as gotcp and coredns fixed it:
// Handle adds to the WaitGroup before starting the handler's goroutine,
// so the Add happens before any Wait that comes after Handle returns.
package addinsideok

import "sync"

type Server struct {
	wg      sync.WaitGroup
	replies chan int // unbuffered
	done    chan struct{}
	statsMu sync.Mutex // guards served, polls
	served  int
	polls   int
}

func New() *Server { return &Server{replies: make(chan int), done: make(chan struct{})} }

// Handle answers req on its own goroutine.
func (s *Server) Handle(req int) {
	s.wg.Add(1) // before the go statement
	go func() {
		defer s.wg.Done()
		s.replies <- req * 2
	}()
}

// Loop delivers replies until Shutdown.
func (s *Server) Loop() {
	for {
		select {
		case r := <-s.replies:
			s.statsMu.Lock()
			s.served += r
			s.statsMu.Unlock()
		case <-s.done:
			return
		}
	}
}

// Shutdown waits for the handlers, then stops the loop.
func (s *Server) Shutdown() {
	s.wg.Wait()
	close(s.done)
}

// Poll records one health poll.
func (s *Server) Poll() {
	s.statsMu.Lock()
	s.polls++
	s.statsMu.Unlock()
}
