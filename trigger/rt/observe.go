package rt

// observer is told what happens in the model, in decision order, with the
// scheduler's lock held: which goroutine starts or ends, takes, waits for
// or releases which lock, and the events that order goroutines, each
// through an object by one of a few generic rules (syncKind) whatever the
// primitive. The lock-order trace (trace.go) and the explorer's clocks
// (explore_hb.go) are observers; the model itself keeps no record for
// them.
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
	// ordered: x's operation orders goroutines through the object whose
	// key is key (a channel's key, a weak pointer), as k says.
	ordered(x *g, k syncKind, key any)
	// arrived: x is at its op (x.op set), before it steps or waits.
	arrived(x *g)
	// fired: a timer created at s fired.
	fired(s *Site)
	// flush writes out what is buffered and returns the first error of
	// the run.
	flush() error
}

// syncKind is how an event orders goroutines through an object. Each
// rule keeps its own record per object, so one object may serve several
// (a channel's buffer and its close).
type syncKind uint8

const (
	// syncPut: x puts a value into the object's queue (a buffered send).
	syncPut syncKind = iota
	// syncTake: x takes the queue's oldest value and is ordered after the
	// goroutine that put it (a receive from a buffer).
	syncTake
	// syncAdd: x's past joins the object's (a WaitGroup's Done).
	syncAdd
	// syncAfterAll: x is ordered after every syncAdd so far (a Wait).
	syncAfterAll
	// syncMark: x's past becomes the object's (a close, a Once's
	// function).
	syncMark
	// syncAfterMark: x is ordered after the last syncMark (a receive of
	// the close, a later Do).
	syncAfterMark
)

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
