// Package condvalueok is condvalue fixed: WaitOnce still runs the Cond's
// Wait through its method value in a helper goroutine, but only while no
// notification is pending, so a Notify that came first is not lost.
package condvalueok

import "sync"

// after runs f in a new goroutine and returns a channel closed when f
// returns.
func after(f func()) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	return done
}

type Notifier struct {
	mu      sync.Mutex
	changed *sync.Cond
	pending int
}

func New() *Notifier {
	n := &Notifier{}
	n.changed = sync.NewCond(&n.mu)
	return n
}

// Notify records a change and wakes the waiter.
func (n *Notifier) Notify() {
	n.mu.Lock()
	n.pending++
	n.changed.Signal()
	n.mu.Unlock()
}

// WaitOnce waits for one change and consumes it.
func (n *Notifier) WaitOnce() {
	n.mu.Lock()
	defer n.mu.Unlock()
	for n.pending == 0 {
		<-after(n.changed.Wait)
	}
	n.pending--
}

// Pending is the number of changes not yet consumed.
func (n *Notifier) Pending() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.pending
}
