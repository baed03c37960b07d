// Package drainquit models a server loop that selects between queued
// requests and its quit channel. Close only closes quit; a request already
// queued when the loop sees both cases ready is answered only if the
// select takes it before quit. When the select takes quit, the loop
// returns and the caller waiting for the reply waits for good.
package drainquit

type request struct {
	n     int
	reply chan int // unbuffered
}

type Server struct {
	reqs chan request
	quit chan struct{}
}

// New returns a server with room for n queued requests.
func New(n int) *Server {
	return &Server{reqs: make(chan request, n), quit: make(chan struct{})}
}

// Go queues a request to double n and returns the channel of its answer.
func (s *Server) Go(n int) <-chan int {
	r := request{n: n, reply: make(chan int)}
	s.reqs <- r
	return r.reply
}

// Close tells the loop to stop.
func (s *Server) Close() { close(s.quit) }

// Loop answers requests until the server is closed.
func (s *Server) Loop() {
	for {
		select {
		case r := <-s.reqs:
			r.reply <- 2 * r.n
		case <-s.quit:
			return // requests still queued are never answered
		}
	}
}
