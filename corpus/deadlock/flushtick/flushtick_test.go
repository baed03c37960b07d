package flushtick

import "testing"

// TestIncWhileFlushing counts three keys from three goroutines it does not
// wait for; deadlocked goroutines leak, and so does the loop.
func TestIncWhileFlushing(t *testing.T) {
	s := New()
	for _, k := range []string{"a", "b", "c"} {
		go s.Inc(k)
	}
}
