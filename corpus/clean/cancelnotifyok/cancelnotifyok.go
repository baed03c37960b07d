// Package cancelnotifyok is cancelnotify fixed as erigon PR #22857 fixed
// it: Cancel sets its flag under the Cond's lock (and may broadcast after
// unlocking), so a waiter either sees the flag when it checks or is
// already in its Wait when the Broadcast comes.
package cancelnotifyok

import "sync"

type Notifier struct {
	mu        sync.Mutex // the Cond's lock: guards hasEvent, cancelled
	cond      *sync.Cond
	hasEvent  bool
	cancelled bool
	stateMu   sync.Mutex // guards subs
	subs      int
}

func New(subs int) *Notifier {
	n := &Notifier{subs: subs}
	n.cond = sync.NewCond(&n.mu)
	return n
}

// Set records an event and wakes the waiters.
func (n *Notifier) Set() {
	n.mu.Lock()
	n.hasEvent = true
	n.mu.Unlock()
	n.cond.Broadcast()
}

// Cancel drops the subscriptions, marks the notifier cancelled under the
// Cond's lock and wakes the waiters.
func (n *Notifier) Cancel() {
	for range n.drainCount() {
		n.stateMu.Lock()
		n.subs--
		n.stateMu.Unlock()
	}
	n.mu.Lock()
	n.cancelled = true
	n.mu.Unlock()
	n.cond.Broadcast()
}

func (n *Notifier) drainCount() int {
	n.stateMu.Lock()
	defer n.stateMu.Unlock()
	return n.subs
}

// Wait returns true once an event is set, false once the notifier is
// cancelled.
func (n *Notifier) Wait() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	for !n.hasEvent && !n.cancelled {
		n.cond.Wait()
	}
	return n.hasEvent
}
