// Package a is tested, and imported by c's tests.
package a

import "sync"

// S takes its two locks in either order.
type S struct{ mu1, mu2 sync.Mutex }

func (s *S) One() { s.mu1.Lock(); s.mu2.Lock(); s.mu2.Unlock(); s.mu1.Unlock() }
func (s *S) Two() { s.mu2.Lock(); s.mu1.Lock(); s.mu1.Unlock(); s.mu2.Unlock() }
