// Package cancelcb models a session whose connections are released by a
// context.AfterFunc callback when its context ends, by deadline or by
// Close. Close holds the session lock while it cancels the context and
// waits for the release to finish; the callback needs that lock.
package cancelcb

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
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cancel()
	<-s.released // waits for release while holding s.mu
	return s.conns
}
