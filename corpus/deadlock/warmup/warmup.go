// Package warmup models a server that counts many uncontended requests
// (each touching only the hit counter) before a request and an admin
// revocation race on two locks taken in opposite orders.
package warmup

import "sync"

type Server struct {
	hitsMu  sync.Mutex // guards hits; never nested
	hits    int
	routeMu sync.Mutex // guards routes
	routes  map[string]string
	authMu  sync.Mutex // guards tokens
	tokens  map[string]bool
}

func New() *Server {
	return &Server{routes: map[string]string{"/": "index"}, tokens: map[string]bool{"t": true}}
}

// Hit counts one request.
func (s *Server) Hit() {
	s.hitsMu.Lock()
	s.hits++
	s.hitsMu.Unlock()
}

// Serve checks the token while holding the route table: route -> auth.
func (s *Server) Serve(path, token string) bool {
	s.Hit()
	s.routeMu.Lock()
	defer s.routeMu.Unlock()
	s.authMu.Lock()
	defer s.authMu.Unlock()
	return s.tokens[token] && s.routes[path] != ""
}

// Revoke drops a token and every route it created: auth -> route.
func (s *Server) Revoke(token string) {
	s.authMu.Lock()
	defer s.authMu.Unlock()
	delete(s.tokens, token)
	s.routeMu.Lock()
	delete(s.routes, "/"+token)
	s.routeMu.Unlock()
}
