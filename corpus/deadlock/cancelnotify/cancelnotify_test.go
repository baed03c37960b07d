package cancelnotify

import "testing"

// TestCancelWhileWaiting cancels a notifier with 150 subscriptions while
// a waiter waits on it. It returns without waiting; a waiter that missed
// the Broadcast leaks.
func TestCancelWhileWaiting(t *testing.T) {
	n := New(150)
	go n.Wait()
	go n.Cancel()
}
