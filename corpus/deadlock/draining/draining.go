// Package draining models a server whose accept path takes the stats lock
// under the connection lock only once shutdown has begun; the stats reader
// takes them in the other order.
package draining

import "sync"

type Server struct {
	mu       sync.Mutex // guards conns, draining
	statsMu  sync.Mutex // guards refused
	conns    int
	draining bool
	refused  int
}

// Shutdown starts draining: new connections are refused.
func (s *Server) Shutdown() {
	s.mu.Lock()
	s.draining = true
	s.mu.Unlock()
}

// Accept admits a connection, or counts it as refused while draining.
func (s *Server) Accept() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.draining {
		s.statsMu.Lock() // mu -> statsMu, only after Shutdown
		s.refused++
		s.statsMu.Unlock()
		return
	}
	s.conns++
}

// Stats reads both counters, stats lock first.
func (s *Server) Stats() (conns, refused int) {
	s.statsMu.Lock()
	defer s.statsMu.Unlock()
	s.mu.Lock() // statsMu -> mu
	defer s.mu.Unlock()
	return s.conns, s.refused
}
