package rt

import (
	"fmt"
	"slices"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// edgeKind classifies a wait-for edge.
type edgeKind uint8

const (
	edgeLock    edgeKind = iota // waits for a mutex held (or write-claimed) by the target
	edgeReader                  // a reader queued behind the target, an announced writer
	edgeReaders                 // an announced writer waits for the target, an active reader
	edgeOther                   // waits for the target through Once or a subtest
)

// waitsFor returns the goroutines x's blocked operation waits for and how:
// its primitive says.
func (sc *sched) waitsFor(x *g) ([]*g, edgeKind) {
	if f := kinds[x.op.kind].waitsFor; f != nil {
		return f(sc, x)
	}
	return nil, edgeOther
}

// blockedGs lists the live goroutines that cannot step (not the test
// waiting for its end).
func (sc *sched) blockedGs() []*g {
	var bs []*g
	for _, x := range sc.gs.liveList() {
		if !x.op.kind.has(ending) && !sc.canRun(x) {
			bs = append(bs, x)
		}
	}
	return bs
}

// findCycle returns a cycle of blocked goroutines each waiting for the next
// (the last for the first), or nil.
func (sc *sched) findCycle(blocked []*g) []*g {
	isBlocked := map[*g]bool{}
	for _, x := range blocked {
		isBlocked[x] = true
	}
	color := map[*g]int{} // 1 on the path, 2 done
	var path []*g
	var visit func(x *g) []*g
	visit = func(x *g) []*g {
		color[x] = 1
		path = append(path, x)
		ts, _ := sc.waitsFor(x)
		for _, y := range ts {
			if !isBlocked[y] {
				continue
			}
			if color[y] == 1 {
				return slices.Clone(path[slices.Index(path, y):])
			}
			if color[y] == 0 {
				if c := visit(y); c != nil {
					return c
				}
			}
		}
		path = path[:len(path)-1]
		color[x] = 2
		return nil
	}
	for _, x := range blocked {
		if color[x] == 0 {
			if c := visit(x); c != nil {
				return c
			}
		}
	}
	return nil
}

// checkStuck looks for a deadlock among the blocked goroutines; it reports
// one (and does not return) or returns. A cycle of lock waits is certain. A
// goroutine blocked without a cycle counts only when nothing outside the
// scheduler could still wake it: no goroutine is outside, and the grace
// period has passed (final) in which channel waiters are polled and
// WaitGroup or Cond operations of unmanaged goroutines can still come (the
// watchdog calls again with final set).
func (sc *sched) checkStuck(final bool) {
	blocked := sc.checkCycle()
	if len(blocked) == 0 {
		return
	}
	if sc.gs.outside.n > 0 || sc.realTimerWaiters(sc.gs.liveList()) || sc.timersMayWake(blocked) || !final {
		return
	}
	if ws := sc.unreleasedWaiters(blocked); len(ws) > 0 {
		sc.deadlock(sc.unreleasedFinding(ws))
	}
	sc.deadlock(sc.blockedFinding(blocked))
}

// checkCycle reports a wait-for cycle among the blocked goroutines (and
// does not return) if it is certain: a cycle of lock waits always, one
// through Once or a subtest when no goroutine is outside. It returns the
// blocked goroutines.
func (sc *sched) checkCycle() []*g {
	blocked := sc.blockedGs()
	if len(blocked) == 0 {
		return nil
	}
	if c := sc.findCycle(blocked); c != nil {
		kind := sc.cycleKind(c)
		if sc.cycleCertain(kind, c) {
			sc.deadlock(sc.cycleFinding(kind, c))
		}
	}
	return blocked
}

// cycleCertain reports whether a wait-for cycle of the given kind is a
// deadlock for sure. A cycle of lock waits among several goroutines is; a
// goroutine waiting for a mutex it locked itself only when no other
// goroutine can still run or is outside the scheduler: a sync.Mutex has no
// owner, and "lock here, unlock in the goroutine that finishes the work"
// is an idiom (a transactional handler). Cycles through Once or
// a subtest only when no goroutine is outside.
func (sc *sched) cycleCertain(kind wire.Kind, c []*g) bool {
	switch kind {
	case wire.LockOrderCycle, wire.RWR:
		return true
	case wire.DoubleLock:
		return sc.gs.outside.n == 0 && !sc.othersCanRun(c)
	}
	return sc.gs.outside.n == 0
}

// othersCanRun reports whether a live goroutine not in c can step (the
// test waiting for its end cannot unlock anything).
func (sc *sched) othersCanRun(c []*g) bool {
	for _, y := range sc.gs.liveList() {
		if !y.op.kind.has(ending) && !slices.Contains(c, y) && sc.canRun(y) {
			return true
		}
	}
	return false
}

// cycleKind classifies a wait-for cycle.
func (sc *sched) cycleKind(c []*g) wire.Kind {
	if len(c) == 1 {
		if _, k := sc.waitsFor(c[0]); k == edgeOther {
			return wire.Blocked // waits for itself, e.g. a recursive Once.Do
		}
		return wire.DoubleLock
	}
	kind := wire.LockOrderCycle
	for i, x := range c {
		_, k := sc.waitsFor(x)
		switch k {
		case edgeOther:
			return wire.Mixed
		case edgeReader:
			// x, a reader, queued behind w, a writer waiting for readers
			// that include x.
			if ts, wk := sc.waitsFor(c[(i+1)%len(c)]); wk == edgeReaders && slices.Contains(ts, x) {
				kind = wire.RWR
			}
		}
	}
	return kind
}

// lockOf returns the lock x's operation is on: its class, instance and
// address; addr is nil for an operation on no lock.
func lockOf(x *g) (class, inst string, addr any) {
	addr = x.op.lock()
	if addr == nil {
		return "", "", nil
	}
	inst = fmt.Sprintf("%p", addr)
	return classOf(x.op.site, inst), inst, addr
}

// lockClass is the class of x's lock.
func lockClass(x *g) string {
	class, _, _ := lockOf(x)
	return class
}

func classOf(s *Site, inst string) string {
	if s != nil && s.Class != "" {
		return s.Class
	}
	return "lock@" + inst
}
