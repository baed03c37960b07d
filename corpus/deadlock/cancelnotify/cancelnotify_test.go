package cancelnotify

import "testing"

// TestCancelWhileWaiting cancels a notifier with 300 subscriptions while
// a waiter waits on it. It returns without waiting; a waiter that missed
// the Broadcast leaks.
func TestCancelWhileWaiting(t *testing.T) {
	n := New(300)
	go n.Wait()
	go n.Cancel()
}
