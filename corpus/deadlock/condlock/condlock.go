// Package condlock models a server with a work queue guarded by a Cond.
// A consumer holds the server lock while it waits on the queue's Cond; the
// producer needs the server lock to find the queue, so it never signals.
package condlock

import "sync"

type Queue struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []string
}

type Server struct {
	mu     sync.Mutex // guards queues
	queues map[string]*Queue
}

func New(names ...string) *Server {
	s := &Server{queues: map[string]*Queue{}}
	for _, n := range names {
		q := &Queue{}
		q.cond = sync.NewCond(&q.mu)
		s.queues[n] = q
	}
	return s
}

// Take removes the next item from queue name, waiting for one.
func (s *Server) Take(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := s.queues[name]
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait() // releases q.mu, but s.mu stays held
	}
	it := q.items[0]
	q.items = q.items[1:]
	return it
}

// Put appends item to queue name and wakes a consumer.
func (s *Server) Put(name, item string) {
	s.mu.Lock()
	q := s.queues[name]
	s.mu.Unlock()
	q.mu.Lock()
	q.items = append(q.items, item)
	q.cond.Signal()
	q.mu.Unlock()
}
