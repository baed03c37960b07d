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

// observers are the scheduler's observers: the lock-order trace, the
// explorer, both (tee) or none (obs nil).
type observers struct {
	obs  observer  // told what the model does, or nil
	expl *explorer // records the shared objects' orders (explore.go), or nil
	tr   *tracer   // writes the lock-order trace (trace.go), or nil
}

// open sets up the observers cfg asks for.
func (o *observers) open(cfg config, steps *stepLog) error {
	if cfg.Explore {
		o.expl = newExplorer()
	}
	if cfg.Trace != "" {
		tr, err := newTracer(cfg.Trace, steps)
		if err != nil {
			return err
		}
		o.obs, o.tr = tr, tr
	}
	if o.expl != nil {
		if o.obs != nil {
			o.obs = tee{o.obs, o.expl}
		} else {
			o.obs = o.expl
		}
	}
	return nil
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

// tee tells two observers (the trace and the explorer) every event.
type tee struct{ a, b observer }

func (t tee) startRun(test string) { t.a.startRun(test); t.b.startRun(test) }
func (t tee) started(p, c *g, s *Site) {
	t.a.started(p, c, s)
	t.b.started(p, c, s)
}
func (t tee) ended(x *g) { t.a.ended(x); t.b.ended(x) }
func (t tee) acquired(x *g, l any, r bool, s *Site) {
	t.a.acquired(x, l, r, s)
	t.b.acquired(x, l, r, s)
}
func (t tee) waiting(x *g, l any, r bool, s *Site) {
	t.a.waiting(x, l, r, s)
	t.b.waiting(x, l, r, s)
}
func (t tee) released(x *g, l any, r bool, s *Site) {
	t.a.released(x, l, r, s)
	t.b.released(x, l, r, s)
}
func (t tee) synced(f, to *g) { t.a.synced(f, to); t.b.synced(f, to) }
func (t tee) ordered(x *g, k syncKind, key any) {
	t.a.ordered(x, k, key)
	t.b.ordered(x, k, key)
}
func (t tee) arrived(x *g)  { t.a.arrived(x); t.b.arrived(x) }
func (t tee) fired(s *Site) { t.a.fired(s); t.b.fired(s) }
func (t tee) flush() error {
	err := t.a.flush()
	if err2 := t.b.flush(); err == nil {
		err = err2
	}
	return err
}
