// Package condvalue models a notifier whose waiter holds its Cond's Wait
// as a method value: WaitOnce takes the lock and hands n.changed.Wait to
// a helper that runs it in a goroutine of its own and closes a channel
// when it returns (the facts of GoKer kubernetes#11298, whose service
// loop runs After(n.cond.Wait) holding the Cond's lock). Nothing checks
// whether a change came first: a Notify before WaitOnce's Lock signals no
// one, and the helper's Wait, and WaitOnce waiting for it, wait for good.
package condvalue

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
	seen    int
}

func New() *Notifier {
	n := &Notifier{}
	n.changed = sync.NewCond(&n.mu)
	return n
}

// Notify wakes the waiter.
func (n *Notifier) Notify() {
	n.mu.Lock()
	n.changed.Signal()
	n.mu.Unlock()
}

// WaitOnce waits for one change. The Wait, run by after's goroutine,
// releases the lock WaitOnce took and takes it again when signalled.
func (n *Notifier) WaitOnce() {
	n.mu.Lock()
	defer n.mu.Unlock()
	<-after(n.changed.Wait) // no check of a change already notified
	n.seen++
}
