// Package drainquitok is drainquit with a draining loop: when its select
// takes quit, the loop answers every request already queued before it
// returns, and Go refuses requests once the server is closed. Whichever
// ready case the select takes, every queued caller gets its answer.
package drainquitok

import "errors"

var ErrClosed = errors.New("server closed")

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
// Go must not be called concurrently with Close.
func (s *Server) Go(n int) (<-chan int, error) {
	select {
	case <-s.quit:
		return nil, ErrClosed
	default:
	}
	r := request{n: n, reply: make(chan int)}
	s.reqs <- r
	return r.reply, nil
}

// Close tells the loop to stop.
func (s *Server) Close() { close(s.quit) }

// Loop answers requests until the server is closed, then answers those
// still queued.
func (s *Server) Loop() {
	for {
		select {
		case r := <-s.reqs:
			r.reply <- 2 * r.n
		case <-s.quit:
			for {
				select {
				case r := <-s.reqs:
					r.reply <- 2 * r.n
				default:
					return
				}
			}
		}
	}
}
