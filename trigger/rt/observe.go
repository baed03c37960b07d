package rt

import "sync"

// observer is told what happens in the model, in decision order, with the
// scheduler's lock held: which goroutine starts or ends, takes, waits for
// or releases which lock, and the events that order goroutines (a value
// handed over, sent into or received from a buffer, a close, a WaitGroup's
// Done and Wait, a Once's function and a later Do). The lock-order trace
// (trace.go) is one; the model itself keeps no record for it.
type observer interface {
	startRun(test string)
	started(parent, child *g, s *Site)
	ended(x *g)
	acquired(x *g, lock any, read bool, s *Site)
	waiting(x *g, lock any, read bool, s *Site)
	released(x *g, lock any, read bool, s *Site)
	// synced: from's operation completed to's directly (an unbuffered
	// send received, a Cond signal delivered).
	synced(from, to *g)
	sent(x *g, ch uintptr)              // a value put into a buffered channel
	received(x *g, ch uintptr, ok bool) // from a buffer, or a close (ok false)
	closed(x *g, ch uintptr)
	wgAdded(x *g, wg *sync.WaitGroup, delta int)
	wgWaited(x *g, wg *sync.WaitGroup)
	onceRan(x *g, o *sync.Once)  // x ran o's function
	onceSeen(x *g, o *sync.Once) // x's Do found o done
	// arrived: x is at its op (x.op set), before it steps or waits.
	arrived(x *g)
	// fired: a timer created at s fired.
	fired(s *Site)
	// flush writes out what is buffered and returns the first error of
	// the run.
	flush() error
}

// The lock events, for the primitives; no-ops without an observer.

func (sc *sched) noteAcquired(x *g, lock any, read bool, s *Site) {
	if sc.obs != nil {
		sc.obs.acquired(x, lock, read, s)
	}
}

func (sc *sched) noteReleased(x *g, lock any, read bool, s *Site) {
	if sc.obs != nil {
		sc.obs.released(x, lock, read, s)
	}
}

// noteWaiting tells the observer that x is about to block on the lock of
// its op.
func (sc *sched) noteWaiting(x *g) {
	if sc.obs == nil {
		return
	}
	if lock := x.op.lock(); lock != nil {
		sc.obs.waiting(x, lock, x.op.kind.has(read), x.op.site)
	}
}

// flushObserver writes buffered events out; an error becomes a warning.
func (sc *sched) flushObserver() {
	if sc.obs == nil {
		return
	}
	if err := sc.obs.flush(); err != nil {
		sc.warn("trace: %v", err)
	}
}
