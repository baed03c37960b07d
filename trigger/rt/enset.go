package rt

import "unsafe"

// The enabled set is kept incrementally, so that a decision costs time in
// the goroutines that may step, not in all the live ones (a test may start
// 100,000 goroutines that each sleep or wait on a channel). Every live
// goroutine is in one of four places:
//
//   - ready (sched.ready): evaluated at every decision, in ID order, as
//     enabled() always did: the running goroutine, goroutines just woken,
//     enabled ones, spinners, the test waiting for its end;
//   - blocked (sched.blocked): its operation could not step when last
//     evaluated; it is filed under the objects whose change can enable it
//     (a mutex, an RWMutex, a channel, a WaitGroup, a Once: sched.waits)
//     and moves back to ready when one of them changes (wakeKey) or when
//     its operation is completed on its behalf (wakeG);
//   - asleep (sched.sleep): at a Sleep whose wake time has not come, in a
//     heap by wake time; the earliest one is the sleeper enabled() offers;
//   - spinning (sched.spin): a spinner at its poll (countSpin), which runs
//     only when nothing else can, the one that ran longest ago first: in a
//     heap by last run (a test whose goroutines poll a spin lock may have
//     thousands of them).
//
// Evaluation order and results are those of a scan of all live goroutines:
// a blocked goroutine cannot step until one of its objects changes, and a
// sleeper is not evaluated until its wake time. So a seed gives the same
// schedule as before. What the model cannot see — a buffered channel fed or
// drained by code that is not instrumented — is found by a sweep of the
// blocked goroutines now and then (sweepEvery) and whenever the scheduler
// is idle, as it was found at the next decision before.

// Where a live goroutine stands in the enabled set (g.set).
const (
	setNone    uint8 = iota // not live
	setReady                // evaluated at every decision
	setBlocked              // filed under the objects it waits for
	setSleep                // in the sleeper heap
	setSpin                 // in the spinner heap
)

// sweepEvery is the number of decisions between sweeps of the blocked
// goroutines, plus 4 per blocked goroutine so that sweeps cost O(1) per
// decision.
const sweepEvery = 1024

// waitRef is an entry of a wait list; it is stale once its goroutine left
// the blocked state it was filed in (gen differs).
type waitRef struct {
	x   *g
	gen uint32
}

func (r waitRef) blocked() bool { return r.x.set == setBlocked && r.x.bgen == r.gen }

// addr is the key of a synchronization object in sched.waits.
func addr[T any](p *T) uintptr { return uintptr(unsafe.Pointer(p)) }

// toReady moves live x to the goroutines evaluated at every decision.
func (sc *sched) toReady(x *g) {
	if x.set == setReady {
		return
	}
	sc.unset(x)
	x.set = setReady
	sc.ready.add(x.id)
}

// unset takes x out of the enabled set (it leaves the live goroutines).
func (sc *sched) unset(x *g) {
	switch x.set {
	case setReady:
		sc.ready.remove(x.id)
	case setBlocked:
		sc.blocked.remove(x.id)
	case setSleep:
		sc.sleep.remove(x)
	case setSpin:
		sc.spin.remove(x)
	}
	x.set = setNone
}

// block files ready x, whose operation cannot step, under the objects it
// waits for. A goroutine waiting for a subtest (whose state lifecycle.go
// changes) stays ready.
func (sc *sched) block(x *g) {
	o := &x.op
	switch o.kind {
	case opLock, opRWLock, opRLock, opWGWait, opOnce, opSend, opRecv, opSelect, opCondWait:
	default:
		return
	}
	sc.ready.remove(x.id)
	sc.blocked.add(x.id)
	x.set = setBlocked
	x.bgen++
	switch o.kind {
	case opLock:
		fileIn(&sc.mutexOf(o).waiters, x)
	case opRWLock, opRLock:
		fileIn(&sc.rwOf(o).waiters, x)
	case opWGWait:
		sc.fileUnder(addr(o.wg), x)
	case opOnce:
		sc.fileUnder(addr(o.once), x)
	case opSend, opRecv, opSelect:
		for i := range o.cases {
			if k := o.cases[i].c.key(); k != 0 {
				fileIn(&sc.chanSt(k).waiters, x)
			}
		}
	}
	// A Cond waiter is woken by its signal (wakeG).
}

// fileIn adds blocked x to wait list l, dropping stale entries when the
// list is full so that it stays proportional to its waiters.
func fileIn(l *[]waitRef, x *g) {
	if len(*l) >= 8 && len(*l) == cap(*l) {
		n := 0
		for _, r := range *l {
			if r.blocked() {
				(*l)[n] = r
				n++
			}
		}
		clear((*l)[n:])
		*l = (*l)[:n]
	}
	*l = append(*l, waitRef{x, x.bgen})
}

// fileUnder adds blocked x to the wait list of the object at key.
func (sc *sched) fileUnder(key uintptr, x *g) {
	l := sc.waits[key]
	fileIn(&l, x)
	sc.waits[key] = l
}

// wakeList moves the goroutines of wait list l back to ready (their
// object changed: they may now step) and empties it.
func (sc *sched) wakeList(l *[]waitRef) {
	if len(*l) == 0 {
		return
	}
	for _, r := range *l {
		if r.blocked() {
			sc.toReady(r.x)
		}
	}
	clear(*l)
	*l = (*l)[:0]
}

// wakeKey is wakeList for the wait list of the object at key.
func (sc *sched) wakeKey(key uintptr) {
	if sc.blocked.n == 0 {
		return
	}
	l, ok := sc.waits[key]
	if !ok {
		return
	}
	delete(sc.waits, key)
	sc.wakeList(&l)
}

// wakeG moves x back to ready if it is blocked: its operation was completed
// on its behalf, or a signal came.
func (sc *sched) wakeG(x *g) {
	if x.set == setBlocked {
		sc.toReady(x)
	}
}

// sweep moves the blocked goroutines that can step to ready: they were
// enabled by something outside the model.
func (sc *sched) sweep() {
	sc.sinceSweep = 0
	if sc.blocked.n == 0 {
		return
	}
	for _, x := range sc.blocked.list(sc.all, nil) {
		if sc.canRun(x) {
			sc.toReady(x)
		}
	}
}

// wakeSleepers moves the sleepers whose wake time has come to ready, and
// sweeps the blocked goroutines when it is time.
func (sc *sched) wakeSleepers() {
	for x := sc.sleep.top(); x != nil && x.op.wakeAt <= sc.vnow; x = sc.sleep.top() {
		sc.toReady(x)
	}
	sc.sinceSweep++
	if sc.blocked.n > 0 && sc.sinceSweep > sweepEvery+4*sc.blocked.n {
		sc.sweep()
	}
}

// toSleep moves ready x, at a Sleep whose time has not come, to the heap.
func (sc *sched) toSleep(x *g) {
	sc.ready.remove(x.id)
	x.set = setSleep
	sc.sleep.push(x)
}

// toSpin moves ready x, a spinner at its poll, to the spinner heap: it can
// always step, but runs only when nothing else can (enabled), and its
// standing does not change until it runs.
func (sc *sched) toSpin(x *g) {
	sc.ready.remove(x.id)
	x.set = setSpin
	sc.spin.push(x)
}

// liveGs lists the live goroutines in ID order (a new slice).
func (sc *sched) liveGs() []*g { return sc.live.list(sc.all, nil) }

// checkSets panics if the enabled set disagrees with the model: a blocked
// goroutine that can step, a sleeper whose time has come. Tests turn it on
// (verifySets) for runs with few goroutines.
func (sc *sched) checkSets() {
	if sc.live.n > 256 {
		return
	}
	sc.checkBuf = sc.live.list(sc.all, sc.checkBuf[:0])
	for _, x := range sc.checkBuf {
		switch x.set {
		case setBlocked:
			if sc.canRun(x) {
				panic("invariant violation: rt: blocked goroutine can step: " + x.op.kind.String())
			}
		case setSleep:
			if !sc.sleeping(x) {
				panic("invariant violation: rt: sleeper's time has come")
			}
		case setSpin:
			if !sc.canRun(x) || sc.sleeping(x) || !spinning(x) || x.op.kind == opTestEnd {
				panic("invariant violation: rt: spinner is not at a poll")
			}
		case setNone:
			panic("invariant violation: rt: live goroutine outside the enabled set")
		case setReady:
			if x.op.stable && (!sc.canRun(x) || sc.sleeping(x) || spinning(x) || x.op.kind == opTestEnd) {
				panic("invariant violation: rt: stable goroutine is not enabled")
			}
		}
	}
}

// verifySets makes every decision check the enabled set (tests).
var verifySets bool
