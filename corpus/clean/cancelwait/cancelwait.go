// Package cancelwait is the fixed form of deadlock/cancelcb: Close cancels
// the session's context and waits for the context.AfterFunc release after
// it has released the session lock.
package cancelwait

import (
	"context"
	"sync"
	"time"
)

type Session struct {
	mu       sync.Mutex // guards conns
	conns    int
	cancel   context.CancelFunc
	released chan struct{}
}

// Open returns a session with two connections that ends after timeout.
func Open(timeout time.Duration) *Session {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	s := &Session{conns: 2, cancel: cancel, released: make(chan struct{})}
	context.AfterFunc(ctx, s.release)
	return s
}

// release runs in its own goroutine once the session's context is done.
func (s *Session) release() {
	s.mu.Lock()
	s.conns = 0
	s.mu.Unlock()
	close(s.released)
}

// Close ends the session and reports the connections left (0).
func (s *Session) Close() int {
	s.cancel()
	<-s.released // no lock held while waiting
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}
