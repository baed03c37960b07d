// Package stopunderlock models a server whose event loop applies each
// event under the server's lock. Stop takes that lock, tells the loop to
// quit and waits for it under the lock: if the loop has taken an event
// and waits for the lock, neither goes on.
package stopunderlock

import "sync"

type Server struct {
	mu     sync.Mutex // guards total
	total  int
	events chan int
	quit   chan struct{}
	done   chan struct{}
}

func New() *Server {
	s := &Server{events: make(chan int, 1), quit: make(chan struct{}), done: make(chan struct{})}
	go s.loop()
	return s
}

func (s *Server) loop() {
	defer close(s.done)
	for {
		select {
		case e := <-s.events:
			s.mu.Lock()
			s.total += e
			s.mu.Unlock()
		case <-s.quit:
			return
		}
	}
}

// Post queues an event.
func (s *Server) Post(e int) { s.events <- e }

// Stop stops the loop and waits for it, holding the lock so that no event
// is applied half-way.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	close(s.quit)
	<-s.done
}
