package parallel

import "testing"

// TestSessions runs two parallel subtests; each starts one half of the
// cycle in a goroutine it does not wait for, so a deadlock leaks them.
func TestSessions(t *testing.T) {
	s := New()
	t.Run("login", func(t *testing.T) {
		t.Parallel()
		go s.Login("s1", "ann")
	})
	t.Run("rename", func(t *testing.T) {
		t.Parallel()
		go s.dir.Rename("ann", "anna")
	})
}
