// Package parallel models a session store and a user directory: Login
// locks the sessions then the directory, Rename locks the directory then
// the sessions. Each half of the cycle is started by its own parallel
// subtest.
package parallel

import "sync"

type Sessions struct {
	mu    sync.Mutex
	users map[string]string // session id -> user
	dir   *Directory
}

type Directory struct {
	mu     sync.Mutex
	logins map[string]int
	sess   *Sessions
}

func New() *Sessions {
	s := &Sessions{users: map[string]string{}}
	s.dir = &Directory{logins: map[string]int{}, sess: s}
	return s
}

// Login opens session id for user.
func (s *Sessions) Login(id, user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[id] = user
	s.dir.mu.Lock() // Sessions.mu -> Directory.mu
	s.dir.logins[user]++
	s.dir.mu.Unlock()
}

// Rename renames a user in the directory and in open sessions.
func (d *Directory) Rename(from, to string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.logins[to], d.logins[from] = d.logins[from], 0
	d.sess.mu.Lock() // Directory.mu -> Sessions.mu
	for id, u := range d.sess.users {
		if u == from {
			d.sess.users[id] = to
		}
	}
	d.sess.mu.Unlock()
}
