//go:build !plan9

package sem

// Release gives a slot back, to the first waiter if any.
func (s *Sem) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.waiters) > 0 {
		close(s.waiters[0])
		s.waiters = s.waiters[1:]
		return
	}
	s.free++
}
