package rt

import (
	"slices"
	"sync"
	"unsafe"
)

// The sync.RWMutex primitive, with Go's writer preference: a writer first
// claims the lock, which blocks new readers, then waits for the active
// readers to leave; readers that arrived behind it are admitted when it
// unlocks.

// RWLock is (*sync.RWMutex).Lock.
func RWLock(m *sync.RWMutex, s *Site) {
	g := enter()
	if g == nil {
		countAcq()
		m.Lock()
		return
	}
	g.do(opRWLock, s, m)
	if !m.TryLock() {
		m.Lock()
	}
}

// RWUnlock is (*sync.RWMutex).Unlock.
func RWUnlock(m *sync.RWMutex, s *Site) {
	g := enter()
	if g == nil {
		m.Unlock()
		return
	}
	g.do(opRWUnlock, s, m)
	m.Unlock()
}

// RWTryLock is (*sync.RWMutex).TryLock.
func RWTryLock(m *sync.RWMutex, s *Site) bool {
	g := enter()
	if g == nil || m == nil { // a nil RWMutex panics as Go's does, outside the scheduler's lock
		countAcq()
		return m.TryLock()
	}
	g.do(opRWTryLock, s, m)
	return g.op.ok
}

// RLock is (*sync.RWMutex).RLock.
func RLock(m *sync.RWMutex, s *Site) {
	g := enter()
	if g == nil {
		countAcq()
		m.RLock()
		return
	}
	g.do(opRLock, s, m)
	if !m.TryRLock() {
		m.RLock()
	}
}

// RUnlock is (*sync.RWMutex).RUnlock.
func RUnlock(m *sync.RWMutex, s *Site) {
	g := enter()
	if g == nil {
		m.RUnlock()
		return
	}
	g.do(opRUnlock, s, m)
	m.RUnlock()
}

// TryRLock is (*sync.RWMutex).TryRLock.
func TryRLock(m *sync.RWMutex, s *Site) bool {
	g := enter()
	if g == nil || m == nil { // a nil RWMutex panics as Go's does, outside the scheduler's lock
		countAcq()
		return m.TryRLock()
	}
	g.do(opTryRLock, s, m)
	return g.op.ok
}

var (
	opRWLock = newKind(kindDef{name: "RWLock", canRun: canRWLock, exec: execRWLock, file: fileRW,
		waitsFor: writerWaitsFor, waitText: writerWaitText, explore: (*explorer).didAcquire,
		flags: acquire | lockOp})
	opRWUnlock = newKind(kindDef{name: "RWUnlock", exec: execRWUnlock, explore: (*explorer).didRelease,
		flags: lockOp | always})
	opRWTryLock = newKind(kindDef{name: "RWTryLock", exec: execRWTryLock, explore: (*explorer).didTry, touch: fileRW,
		flags: acquire | lockOp | always | pollIfFailed})
	opRLock = newKind(kindDef{name: "RLock", canRun: func(sc *sched, x *g) bool { return x.op.phase == 0 },
		exec: execRLock, file: fileRW, waitsFor: readerWaitsFor, waitText: readerWaitText,
		explore: (*explorer).didAcquire, flags: acquire | read | lockOp})
	opRUnlock = newKind(kindDef{name: "RUnlock", exec: execRUnlock, explore: (*explorer).didRelease,
		flags: read | lockOp | always})
	opTryRLock = newKind(kindDef{name: "TryRLock", exec: execTryRLock, explore: (*explorer).didTry, touch: fileRW,
		flags: acquire | read | lockOp | always | pollIfFailed})
)

var rwModel = newModel[rwMutexes](nil)

// rwMutexes is the model of the RWMutexes the run has used, by address,
// as mutexes are.
type rwMutexes struct {
	states map[uintptr]*rwState
	slab   []rwState
}

// rwState is one RWMutex.
type rwState struct {
	writer  *g   // announced or holding writer (holds rw.w)
	wHeld   bool // the writer holds the lock (not only announced)
	wSite   *Site
	readers []*g // active readers, one entry per RLock
	queued  []*g // readers that arrived after the writer announced
	waiters waitList
}

func (rs *rwMutexes) get(p *sync.RWMutex) *rwState {
	m := uintptr(unsafe.Pointer(p))
	if rs.states == nil {
		rs.states = make(map[uintptr]*rwState, slabSize)
	}
	st := rs.states[m]
	if st == nil {
		if len(rs.slab) == 0 {
			rs.slab = make([]rwState, slabSize)
		}
		st, rs.slab = &rs.slab[0], rs.slab[1:]
		rs.states[m] = st
	}
	return st
}

// rwOf returns the state of x's RWMutex, looked up once per operation.
func rwOf(sc *sched, x *g) *rwState {
	if st, ok := x.op.rec.(*rwState); ok {
		return st
	}
	return lookupRW(sc, x)
}

func lookupRW(sc *sched, x *g) *rwState {
	st := rwModel.of(sc).get(x.op.obj.(*sync.RWMutex))
	x.op.rec = st
	return st
}

func fileRW(sc *sched, x *g) { fileIn(&rwOf(sc, x).waiters, x) }

// canRWLock: the writer slot must be free, then the readers gone.
func canRWLock(sc *sched, x *g) bool {
	st := rwOf(sc, x)
	if x.op.phase == 0 {
		return st.writer == nil
	}
	return len(st.readers) == 0
}

// execRWLock is a writer's Lock in two phases: it takes the writer slot
// (blocking new readers), then waits for the active readers to leave.
func execRWLock(sc *sched, x *g) bool {
	o := &x.op
	st := rwOf(sc, x)
	if o.phase == 0 {
		st.writer, st.wSite = x, o.site
		if len(st.readers) > 0 {
			o.phase = 1
			sc.noteWaiting(x)
			return false
		}
	}
	takeWrite(sc, x, st)
	return true
}

func execRWTryLock(sc *sched, x *g) bool {
	st := rwOf(sc, x)
	x.op.ok = st.writer == nil && len(st.readers) == 0 && x.op.obj.(*sync.RWMutex).TryLock()
	if x.op.ok {
		takeWrite(sc, x, st)
	}
	return true
}

// execRLock admits a reader, or queues it behind an announced writer.
func execRLock(sc *sched, x *g) bool {
	st := rwOf(sc, x)
	if st.writer != nil {
		x.op.phase = 1
		st.queued = append(st.queued, x)
		sc.noteWaiting(x)
		return false
	}
	takeRead(sc, x, st)
	return true
}

func execTryRLock(sc *sched, x *g) bool {
	st := rwOf(sc, x)
	x.op.ok = st.writer == nil && x.op.obj.(*sync.RWMutex).TryRLock()
	if x.op.ok {
		takeRead(sc, x, st)
	}
	return true
}

// takeWrite and takeRead record that x acquired its op's RWMutex: in the
// lock's state, in x's held set and with the observer.
func takeWrite(sc *sched, x *g, st *rwState) {
	st.writer, st.wHeld, st.wSite = x, true, x.op.site
	x.addHeld(heldLock{lock: unsafe.Pointer(x.op.obj.(*sync.RWMutex)), site: x.op.site})
	sc.noteAcquired(x, x.op.obj, false, x.op.site)
}

func takeRead(sc *sched, x *g, st *rwState) {
	st.readers = append(st.readers, x)
	x.addHeld(heldLock{lock: unsafe.Pointer(x.op.obj.(*sync.RWMutex)), read: true, site: x.op.site})
	sc.noteAcquired(x, x.op.obj, true, x.op.site)
}

// execRWUnlock releases the writer and admits the readers queued behind
// it.
func execRWUnlock(sc *sched, x *g) bool {
	st := rwOf(sc, x)
	m := x.op.obj
	if st.writer != nil {
		st.writer.dropHeld(unsafe.Pointer(m.(*sync.RWMutex)), false)
		sc.noteReleased(x, m, false, st.wSite)
	}
	st.writer, st.wHeld, st.wSite = nil, false, nil
	for _, r := range st.queued {
		r.op.done = true
		takeRead(sc, r, st)
	}
	st.queued = nil
	sc.set.wakeList(&st.waiters)
	return true
}

// execRUnlock releases a read lock, preferably x's own.
func execRUnlock(sc *sched, x *g) bool {
	st := rwOf(sc, x)
	i := len(st.readers) - 1
	for j, r := range st.readers {
		if r == x {
			i = j
		}
	}
	if i < 0 {
		return true // the real RUnlock will fail
	}
	st.readers[i].dropHeld(unsafe.Pointer(x.op.obj.(*sync.RWMutex)), true)
	sc.noteReleased(x, x.op.obj, true, x.op.site)
	st.readers = append(st.readers[:i], st.readers[i+1:]...)
	sc.set.wakeList(&st.waiters)
	return true
}

// writerWaitsFor: an announcing writer waits for the writer before it, an
// announced one for the readers.
func writerWaitsFor(sc *sched, x *g) ([]*g, edgeKind) {
	st := rwOf(sc, x)
	if x.op.phase == 1 {
		return slices.Compact(slices.Clone(st.readers)), edgeReaders
	}
	if st.writer != nil {
		return []*g{st.writer}, edgeLock
	}
	return nil, edgeOther
}

// readerWaitsFor: a reader queued behind a writer waits for it.
func readerWaitsFor(sc *sched, x *g) ([]*g, edgeKind) {
	if st := rwOf(sc, x); st.writer != nil {
		return []*g{st.writer}, edgeReader
	}
	return nil, edgeOther
}

func writerWaitText(sc *sched, x *g, who string) string {
	if x.op.phase == 1 {
		return lockClass(x) + " (write) read-held by" + who
	}
	return lockWaitText(sc, x, who)
}

func readerWaitText(sc *sched, x *g, who string) string {
	return lockClass(x) + " (read) behind the writer" + who
}
