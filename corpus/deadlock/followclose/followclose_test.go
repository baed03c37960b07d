package followclose

import "testing"

// TestFollowThenClose follows the log and closes the logger at once. It
// returns without waiting; a reader and its deliverer that wait for each
// other leak.
func TestFollowThenClose(t *testing.T) {
	l := New()
	l.Follow()
	l.Close()
}
