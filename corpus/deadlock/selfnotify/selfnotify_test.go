package selfnotify

import "testing"

// TestCloseWhileJoining starts a watcher over three ids and closes the
// registry and the watcher at once, from two goroutines. It returns
// without waiting; deadlocked goroutines leak.
func TestCloseWhileJoining(t *testing.T) {
	r := newRegistry(0, 1, 2)
	w := watch(r)
	go r.close()
	go w.close()
}
