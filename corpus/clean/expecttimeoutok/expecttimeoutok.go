// Package expecttimeoutok models a request-reply server that answers only
// requests: a client that checks no unsolicited reply arrives waits for a
// reply with a short timeout, which it expects to fire, while the server
// waits for a request. Every goroutine waits but for that timeout.
package expecttimeoutok

type Server struct {
	reqs    chan int
	replies chan int
	done    chan struct{}
}

func Start() *Server {
	s := &Server{reqs: make(chan int), replies: make(chan int), done: make(chan struct{})}
	go s.serve()
	return s
}

func (s *Server) serve() {
	defer close(s.done)
	for r := range s.reqs {
		s.replies <- r * 2
	}
}

// Ask sends a request and returns its reply.
func (s *Server) Ask(r int) int {
	s.reqs <- r
	return <-s.replies
}

// Replies delivers replies (none arrive unasked).
func (s *Server) Replies() <-chan int { return s.replies }

// Close stops the server and waits for it.
func (s *Server) Close() {
	close(s.reqs)
	<-s.done
}
