// Package electionwait models one round of an election: the leader
// publishes the round's next channel under mu and later closes it under
// mu; a follower, holding mu, waits for that channel to be closed.
package electionwait

import "sync"

type Round struct {
	mu        sync.Mutex // guards nextc
	nextc     chan struct{}
	published chan struct{}
}

func New() *Round { return &Round{published: make(chan struct{})} }

// Lead publishes the round, then releases the followers.
func (r *Round) Lead() {
	r.mu.Lock()
	r.nextc = make(chan struct{})
	r.mu.Unlock()
	close(r.published)
	r.mu.Lock()
	close(r.nextc) // release
	r.mu.Unlock()
}

// Follow waits for the leader's release.
func (r *Round) Follow() {
	<-r.published
	r.mu.Lock()
	<-r.nextc // waits holding r.mu
	r.mu.Unlock()
}
