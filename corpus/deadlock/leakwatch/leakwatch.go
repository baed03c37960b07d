// Package leakwatch models a config watcher: Watch starts a goroutine that
// forwards each change to a subscriber's channel until Stop closes the
// done channel. A caller that reads one change and forgets Stop leaves the
// forwarder blocked for good on its next send, after the test has
// returned.
package leakwatch

type Watcher struct {
	changes chan string
	done    chan struct{}
}

// Watch forwards every value of src to the returned watcher's Changes.
func Watch(src []string) *Watcher {
	w := &Watcher{changes: make(chan string), done: make(chan struct{})}
	go func() {
		for _, v := range src {
			select {
			case w.changes <- v:
			case <-w.done:
				return
			}
		}
		close(w.changes)
	}()
	return w
}

// Changes is where the changes arrive.
func (w *Watcher) Changes() <-chan string { return w.changes }

// Stop ends the forwarder.
func (w *Watcher) Stop() { close(w.done) }
