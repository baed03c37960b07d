// Package a takes two locks in either order; c's tests call it too.
package a

import "sync"

type S struct{ mu1, mu2 sync.Mutex }

func (s *S) One() { s.mu1.Lock(); s.mu2.Lock(); s.mu2.Unlock(); s.mu1.Unlock() }
func (s *S) Two() { s.mu2.Lock(); s.mu1.Lock(); s.mu1.Unlock(); s.mu2.Unlock() }
