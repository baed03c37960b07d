package rt

import (
	"sync"
	"unsafe"
)

// The sync.Mutex primitive: its entry points, its model (free, or held by
// a goroutine since a site) and its operations.

// Lock is (*sync.Mutex).Lock.
func Lock(m *sync.Mutex, s *Site) {
	g := enter()
	if g == nil || m == nil { // a nil mutex panics as Go's does, outside the scheduler's lock
		countAcq()
		m.Lock()
		return
	}
	g.do(opLock, s, m)
	if !m.TryLock() { // uninstrumented code holds it: the watchdog releases us
		m.Lock()
	}
}

// Unlock is (*sync.Mutex).Unlock.
func Unlock(m *sync.Mutex, s *Site) {
	g := enter()
	if g == nil || m == nil {
		m.Unlock()
		return
	}
	g.do(opUnlock, s, m)
	m.Unlock()
}

// TryLock is (*sync.Mutex).TryLock.
func TryLock(m *sync.Mutex, s *Site) bool {
	g := enter()
	if g == nil || m == nil {
		countAcq()
		return m.TryLock()
	}
	g.do(opTryLock, s, m)
	return g.op.ok
}

var (
	opLock = newKind(kindDef{name: "Lock", canRun: canLock, exec: execLock,
		file:     func(sc *sched, x *g) { fileIn(&mutexOf(sc, x).waiters, x) },
		waitsFor: mutexOwner, waitText: lockWaitText, explore: (*explorer).didAcquire, flags: acquire | lockOp})
	opUnlock = newKind(kindDef{name: "Unlock", exec: execUnlock, explore: (*explorer).didRelease,
		flags: lockOp | always})
	opTryLock = newKind(kindDef{name: "TryLock", exec: execTryLock, explore: (*explorer).didTry,
		touch: func(sc *sched, x *g) { fileIn(&mutexOf(sc, x).waiters, x) },
		flags: acquire | lockOp | always | pollIfFailed})
)

var mutexModel = newModel[mutexes](nil)

// mutexes is the model of the mutexes the run has used, by address: the
// table must not keep a test's objects alive (a test that checks its heap
// after dropping them would fail under control). A mutex can be collected
// only while its record is idle (its holder's held set and its waiters'
// operations point at it otherwise), and an idle record is what a new
// mutex at the same address starts with.
type mutexes struct {
	states map[uintptr]*mutexState
	slab   []mutexState // unused records
	// last is a one-entry cache in front of states.
	last   uintptr
	lastSt *mutexState
}

// mutexState is one mutex: its holder, the site it was taken at, and the
// goroutines blocked on it.
type mutexState struct {
	owner   *g
	site    *Site
	waiters waitList
}

// The primitives' records come from slabs and their tables are made with
// room: a test that counts its allocations (runtime.MemStats around one
// call) should see few of the scheduler's.
const slabSize = 64

func (ms *mutexes) get(p *sync.Mutex) *mutexState {
	m := uintptr(unsafe.Pointer(p))
	if m == ms.last {
		return ms.lastSt
	}
	if ms.states == nil {
		ms.states = make(map[uintptr]*mutexState, slabSize)
	}
	st := ms.states[m]
	if st == nil {
		if len(ms.slab) == 0 {
			// Room for two wait list entries each, so that filing the
			// watcher of a new mutex (enset.go) does not allocate.
			ms.slab = make([]mutexState, slabSize)
			refs := make([]waitRef, 2*slabSize)
			for i := range ms.slab {
				ms.slab[i].waiters.watch = refs[2*i : 2*i : 2*i+2]
			}
		}
		st, ms.slab = &ms.slab[0], ms.slab[1:]
		ms.states[m] = st
	}
	ms.last, ms.lastSt = m, st
	return st
}

// mutexOf returns the state of x's mutex, looked up once per operation.
func mutexOf(sc *sched, x *g) *mutexState {
	if st, ok := x.op.rec.(*mutexState); ok {
		return st
	}
	return lookupMutex(sc, x)
}

func lookupMutex(sc *sched, x *g) *mutexState {
	st := mutexModel.of(sc).get(x.op.obj.(*sync.Mutex))
	x.op.rec = st
	return st
}

func canLock(sc *sched, x *g) bool { return mutexOf(sc, x).owner == nil }

func execLock(sc *sched, x *g) bool {
	takeMutex(sc, x, mutexOf(sc, x))
	return true
}

func execTryLock(sc *sched, x *g) bool {
	st := mutexOf(sc, x)
	x.op.ok = st.owner == nil && x.op.obj.(*sync.Mutex).TryLock()
	if x.op.ok {
		takeMutex(sc, x, st)
	}
	return true
}

// takeMutex records that x acquired its op's mutex: in the mutex's state,
// in x's held set and with the observer.
func takeMutex(sc *sched, x *g, st *mutexState) {
	st.owner, st.site = x, x.op.site
	x.addHeld(heldLock{lock: unsafe.Pointer(x.op.obj.(*sync.Mutex)), site: x.op.site})
	sc.noteAcquired(x, x.op.obj, false, x.op.site)
}

// execUnlock releases a mutex in the model (any goroutine may unlock it)
// and wakes its waiters.
func execUnlock(sc *sched, x *g) bool {
	st := mutexOf(sc, x)
	if st.owner != nil {
		st.owner.dropHeld(unsafe.Pointer(x.op.obj.(*sync.Mutex)), false)
		sc.noteReleased(x, x.op.obj, false, st.site)
	}
	st.owner, st.site = nil, nil
	sc.set.wakeList(&st.waiters)
	return true
}

func mutexOwner(sc *sched, x *g) ([]*g, edgeKind) {
	if st := mutexOf(sc, x); st.owner != nil {
		return []*g{st.owner}, edgeLock
	}
	return nil, edgeOther
}

// lockWaitText is the wait of a Lock (and of RWMutex.Lock's first phase):
// the lock and its holder, if the model knows one (it may have none: a
// goroutine that keeps working after its test, about to take a free lock).
func lockWaitText(sc *sched, x *g, who string) string {
	if who == "" {
		return lockClass(x)
	}
	return lockClass(x) + " held by" + who
}
