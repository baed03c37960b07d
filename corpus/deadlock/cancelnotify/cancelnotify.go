// Package cancelnotify models an event notifier whose waiters sleep on a
// sync.Cond until an event is set or the notifier is cancelled. Set
// changes its flag under the Cond's lock; Cancel changes its own flag
// under a separate state lock and broadcasts without the Cond's lock. A
// waiter that has checked both flags but not yet reached its Wait misses
// the only Broadcast the cancel path makes, and waits for good.
package cancelnotify

import "sync"

type Notifier struct {
	mu        sync.Mutex // the Cond's lock: guards hasEvent
	cond      *sync.Cond
	hasEvent  bool
	stateMu   sync.Mutex // guards cancelled and subs
	cancelled bool
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

// Cancel drops the subscriptions, marks the notifier cancelled and wakes
// the waiters, without taking the Cond's lock.
func (n *Notifier) Cancel() {
	for range n.drainCount() {
		n.stateMu.Lock()
		n.subs--
		n.stateMu.Unlock()
	}
	n.stateMu.Lock()
	n.cancelled = true
	n.stateMu.Unlock()
	n.cond.Broadcast() // without n.mu: a waiter between its check and its Wait misses it
}

func (n *Notifier) drainCount() int {
	n.stateMu.Lock()
	defer n.stateMu.Unlock()
	return n.subs
}

func (n *Notifier) isCancelled() bool {
	n.stateMu.Lock()
	defer n.stateMu.Unlock()
	return n.cancelled
}

// Wait returns true once an event is set, false once the notifier is
// cancelled.
func (n *Notifier) Wait() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	for !n.hasEvent && !n.isCancelled() {
		n.cond.Wait()
	}
	return n.hasEvent
}
