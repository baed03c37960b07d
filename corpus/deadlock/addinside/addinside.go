// Package addinside models a server whose request handlers count
// themselves in the server's WaitGroup from inside their own goroutines.
// Shutdown waits on the WaitGroup and then stops the reply loop; if its
// Wait comes before a handler's Add, it returns at once, the loop leaves,
// and the handler waits for good to deliver its reply.
package addinside

import "sync"

type Server struct {
	wg      sync.WaitGroup
	replies chan int // unbuffered
	done    chan struct{}
	statsMu sync.Mutex // guards served, polls: bookkeeping unrelated to the bug
	served  int
	polls   int
}

func New() *Server { return &Server{replies: make(chan int), done: make(chan struct{})} }

// Handle answers req on its own goroutine.
func (s *Server) Handle(req int) { go s.handle(req) }

// handle counts itself in wg: only once it runs, so Shutdown's Wait may
// come first. (go vet's waitgroup check sees an Add written inside a go
// statement's function literal, not one in a method the goroutine runs.)
func (s *Server) handle(req int) {
	s.wg.Add(1)
	defer s.wg.Done()
	s.replies <- req * 2
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
