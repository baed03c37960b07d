package rt

import "sync"

// canRun reports whether x's pending operation can take a step now.
func (sc *sched) canRun(x *g) bool {
	o := &x.op
	if o.done {
		return true
	}
	switch o.kind {
	case opLock:
		return sc.mutexOf(o).owner == nil
	case opRWLock:
		rw := sc.rwOf(o)
		if o.phase == 0 {
			return rw.writer == nil
		}
		return len(rw.readers) == 0
	case opRLock:
		return o.phase == 0
	case opSend, opRecv, opSelect:
		return o.hasDefault || sc.readyCase(x) >= 0
	case opWGWait:
		return sc.wgs[o.wg] <= 0
	case opCondWait:
		return x.signal
	case opOnce:
		return sc.onces[o.once] == nil
	case opRunWait:
		return o.sub.state == gDone || o.sub.paused
	}
	return true
}

// The model's records come from slabs and its tables are made with room
// (see newSched): a test that counts its allocations (runtime.MemStats
// around one call, as ttlcache's do) should see few of the scheduler's.
const slabSize = 64

// mutexOf and rwOf return the state of o's lock, looked up once per
// operation.
func (sc *sched) mutexOf(o *op) *mutexState {
	if o.mst == nil {
		o.mst = sc.mutex(o.mu)
	}
	return o.mst
}

func (sc *sched) rwOf(o *op) *rwState {
	if o.rst == nil {
		o.rst = sc.rw(o.rw)
	}
	return o.rst
}

func (sc *sched) mutex(m *sync.Mutex) *mutexState {
	if m == sc.lastMu {
		return sc.lastMSt
	}
	st := sc.mutexes[m]
	if st == nil {
		if len(sc.mslab) == 0 {
			sc.mslab = make([]mutexState, slabSize)
		}
		st, sc.mslab = &sc.mslab[0], sc.mslab[1:]
		sc.mutexes[m] = st
	}
	sc.lastMu, sc.lastMSt = m, st
	return st
}

func (sc *sched) rw(m *sync.RWMutex) *rwState {
	st := sc.rws[m]
	if st == nil {
		if len(sc.rwslab) == 0 {
			sc.rwslab = make([]rwState, slabSize)
		}
		st, sc.rwslab = &sc.rwslab[0], sc.rwslab[1:]
		sc.rws[m] = st
	}
	return st
}

// exec applies x's chosen operation to the model; false means the operation
// now waits in a later phase and x needs another step.
func (sc *sched) exec(x *g) bool {
	o := &x.op
	if o.done {
		return true
	}
	switch o.kind {
	case opLock:
		sc.takeMutex(x, sc.mutexOf(o), o.mu, o.site)
	case opUnlock:
		sc.unlock(x, sc.mutexOf(o), o.mu)
	case opTryLock:
		st := sc.mutexOf(o)
		o.ok = st.owner == nil && o.mu.TryLock()
		if o.ok {
			sc.takeMutex(x, st, o.mu, o.site)
		}
	case opRWLock:
		return sc.rwLock(x)
	case opRWUnlock:
		sc.rwUnlock(x, sc.rwOf(o), o.rw)
	case opRWTryLock:
		st := sc.rwOf(o)
		o.ok = st.writer == nil && len(st.readers) == 0 && o.rw.TryLock()
		if o.ok {
			sc.takeWrite(x, st, o.rw, o.site)
		}
	case opRLock:
		st := sc.rwOf(o)
		if st.writer != nil {
			o.phase = 1
			st.queued = append(st.queued, x)
			sc.traceWait(x)
			return false
		}
		sc.takeRead(x, st, o.rw, o.site)
	case opRUnlock:
		sc.rUnlock(x, sc.rwOf(o), o.rw)
	case opTryRLock:
		st := sc.rwOf(o)
		o.ok = st.writer == nil && o.rw.TryRLock()
		if o.ok {
			sc.takeRead(x, st, o.rw, o.site)
		}
	case opSend, opRecv, opSelect:
		return sc.execChan(x)
	case opClose:
		st := sc.chanSt(o.cases[0].c.key())
		st.closed = true
		sc.wakeList(&st.waiters)
		if sc.tr != nil {
			sc.tr.closers[o.cases[0].c.key()] = x.id
		}
	case opWGAdd:
		if sc.tr != nil && o.delta < 0 {
			sc.tr.wgDone[o.wg] = append(sc.tr.wgDone[o.wg], x.id)
		}
		if n := sc.wgs[o.wg] + o.delta; n != 0 {
			sc.wgs[o.wg] = n
		} else {
			delete(sc.wgs, o.wg)
		}
		sc.wakeKey(addr(o.wg))
	case opCondEnqueue:
		x.signal = false
		sc.conds[o.cond] = append(sc.conds[o.cond], x)
	case opWGWait:
		if sc.tr != nil {
			for _, d := range sc.tr.wgDone[o.wg] {
				sc.tr.hb(d, x.id)
			}
		}
	case opCondWait:
		x.signal = false
	case opCondSignal:
		if ws := sc.conds[o.cond]; len(ws) > 0 {
			ws[0].signal = true
			sc.wakeG(ws[0])
			sc.traceHB(x, ws[0])
			sc.conds[o.cond] = ws[1:]
		}
	case opCondBroadcast:
		for _, w := range sc.conds[o.cond] {
			w.signal = true
			sc.wakeG(w)
			sc.traceHB(x, w)
		}
		delete(sc.conds, o.cond)
	case opOnce:
		o.ok = !sc.oncesOK[o.once]
		if o.ok {
			sc.onces[o.once] = x
		} else if sc.tr != nil {
			sc.tr.hb(sc.tr.onceBy[o.once], x.id)
		}
	case opGo:
		sc.execGo(x)
	case opRun:
		sc.execRun(x)
	}
	return true
}

// takeMutex, takeWrite and takeRead record that x acquired a lock at site:
// in the lock's state, in x's held set and in the trace.
func (sc *sched) takeMutex(x *g, st *mutexState, m *sync.Mutex, site *Site) {
	st.owner, st.site = x, site
	x.addHeld(heldLock{mu: m, site: site})
	sc.traceAcq(x, m, false, site)
}

func (sc *sched) takeWrite(x *g, st *rwState, m *sync.RWMutex, site *Site) {
	st.writer, st.wHeld, st.wSite = x, true, site
	x.addHeld(heldLock{rw: m, site: site})
	sc.traceAcq(x, m, false, site)
}

func (sc *sched) takeRead(x *g, st *rwState, m *sync.RWMutex, site *Site) {
	st.readers = append(st.readers, x)
	x.addHeld(heldLock{rw: m, read: true, site: site})
	sc.traceAcq(x, m, true, site)
}

// unlock releases a mutex in the model (any goroutine may unlock it).
func (sc *sched) unlock(x *g, st *mutexState, m *sync.Mutex) {
	if st.owner != nil {
		st.owner.dropHeld(m, false)
		sc.traceRel(x, m, false, st.site)
	}
	st.owner, st.site = nil, nil
	sc.wakeList(&st.waiters)
}

// rwLock is a writer's RWMutex.Lock in two phases, as in Go: it takes the
// writer slot (blocking new readers), then waits for active readers to leave.
func (sc *sched) rwLock(x *g) bool {
	o := &x.op
	st := sc.rwOf(o)
	if o.phase == 0 {
		st.writer, st.wSite = x, o.site
		if len(st.readers) > 0 {
			o.phase = 1
			sc.traceWait(x)
			return false
		}
	}
	sc.takeWrite(x, st, o.rw, o.site)
	return true
}

// rwUnlock releases the writer and admits the readers queued behind it.
func (sc *sched) rwUnlock(x *g, st *rwState, m *sync.RWMutex) {
	if st.writer != nil {
		st.writer.dropHeld(m, false)
		sc.traceRel(x, m, false, st.wSite)
	}
	st.writer, st.wHeld, st.wSite = nil, false, nil
	for _, r := range st.queued {
		r.op.done = true
		sc.takeRead(r, st, m, r.op.site)
	}
	st.queued = nil
	sc.wakeList(&st.waiters)
}

// rUnlock releases a read lock, preferably x's own.
func (sc *sched) rUnlock(x *g, st *rwState, m *sync.RWMutex) {
	i := len(st.readers) - 1
	for j, r := range st.readers {
		if r == x {
			i = j
		}
	}
	if i < 0 {
		return // the real RUnlock will fail
	}
	st.readers[i].dropHeld(m, true)
	sc.traceRel(x, m, true, x.op.site)
	st.readers = append(st.readers[:i], st.readers[i+1:]...)
	sc.wakeList(&st.waiters)
}

// onceDone marks o's Do as finished.
func (x *g) onceDone(o *sync.Once, s *Site) {
	sc := x.sc
	sc.mu.Lock()
	delete(sc.onces, o)
	sc.oncesOK[o] = true
	sc.wakeKey(addr(o))
	if sc.tr != nil {
		sc.tr.onceBy[o] = x.id
	}
	sc.mu.Unlock()
}

// realLock takes m for real after the model granted it; uninstrumented code
// holding m makes this block outside the scheduler (the watchdog).
func realLock(x *g, m *sync.Mutex) {
	if !m.TryLock() {
		m.Lock()
	}
}

func realRWLock(x *g, m *sync.RWMutex) {
	if !m.TryLock() {
		m.Lock()
	}
}

func realRLock(x *g, m *sync.RWMutex) {
	if !m.TryRLock() {
		m.RLock()
	}
}

// Instrumented code run by a goroutine the scheduler does not manage (a
// timer's function, a server's handler) passes through, but its WaitGroup
// and Cond operations also update the model, or managed goroutines waiting
// on them would never be woken (the watchdog restarts an idle scheduler).

func unmanagedWGAdd(wg *sync.WaitGroup, delta int) {
	sc := active()
	if sc == nil || sc.plain {
		return
	}
	sc.mu.Lock()
	if n := sc.wgs[wg] + delta; n != 0 {
		sc.wgs[wg] = n
	} else {
		delete(sc.wgs, wg)
	}
	sc.wakeKey(addr(wg))
	sc.mu.Unlock()
}

func unmanagedSignal(c *sync.Cond, all bool) {
	sc := active()
	if sc == nil || sc.plain {
		return
	}
	sc.mu.Lock()
	ws := sc.conds[c]
	n := min(len(ws), 1)
	if all {
		n = len(ws)
	}
	for _, w := range ws[:n] {
		w.signal = true
		sc.wakeG(w)
	}
	if n == len(ws) {
		delete(sc.conds, c)
	} else {
		sc.conds[c] = ws[n:]
	}
	sc.mu.Unlock()
}

// anyEnabled reports whether a live goroutine can step; it first moves
// the blocked goroutines something outside the model enabled to ready.
func (sc *sched) anyEnabled() bool {
	sc.sweep()
	if sc.sleep.Len()+sc.spin.Len() > 0 {
		return true
	}
	for _, y := range sc.ready.list(sc.all, nil) {
		if sc.canRun(y) {
			return true
		}
	}
	return false
}
