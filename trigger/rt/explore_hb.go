package rt

import (
	"sync"
	"weak"
)

// The explorer is also an observer (observe.go): from the events that
// order goroutines it keeps a vector clock per goroutine, so that a lock
// whose acquisitions by different goroutines were each ordered by
// something else (a goroutine started after the other's critical section,
// a channel handoff, a WaitGroup) counts as forced: goroutines that ran
// one after another share it without any ordering to choose. Only edges
// that hold in Go's memory model in the direction used are taken: go
// statement → child, send → its receive (buffered: in FIFO order; closed:
// close → receive), unbuffered handoff and Cond signal → the woken side,
// Done → Wait, a Once's function → later Do, Unlock → Lock and RLock,
// RUnlock → Lock.

// The clocks cost time and memory in the number of goroutines (a vector
// each, joined at every edge): they are dropped (stopHB) as soon as the
// run's orderings are known to be uncountable whatever they would show:
// a timer fired, a context was cancelled, or a lock that manyRaced
// goroutines or more took was raced (its multinomial is at least
// manyRaced! > maxOrderings). Every lock acquired after that counts as
// raced: its order joins the signature. They are also dropped when the
// run starts its maxHBGoroutines-th goroutine: a clock is as long as the
// highest goroutine ID it has heard of, so a test that starts 100,000
// goroutines joined by one WaitGroup would keep n²/2 entries (20 GB);
// its locks count as raced from then on, as above.

// manyRaced goroutines on one raced lock make the run's orderings
// uncountable: 18! > maxOrderings.
const manyRaced = 18

// maxHBGoroutines is the number of goroutines a run may start before its
// vector clocks are dropped: at most maxHBGoroutines² × 2 bytes (2 MB).
const maxHBGoroutines = 1024

// stopHB drops the vector clocks for the rest of the run.
func (e *explorer) stopHB() {
	e.hbOff = true
	e.hb = hb{}
}

// vclock is a vector clock indexed by goroutine ID.
type vclock []uint32

func (v vclock) join(w vclock) vclock {
	for i, c := range w {
		if i >= len(v) {
			v = append(v, w[i:]...)
			break
		}
		v[i] = max(v[i], c)
	}
	return v
}

func (v vclock) at(id int) uint32 {
	if id < len(v) {
		return v[id]
	}
	return 0
}

// hb is the explorer's happens-before state.
type hb struct {
	clocks map[int]vclock // by goroutine ID
	// locks, and the other objects but channels, are by weak pointer:
	// the state keeps no test object alive, and an object allocated where
	// a collected one was does not inherit its clocks (an edge that would
	// hide an ordering).
	locks map[any]*lockClock // by lock (weakKey)
	// The clocks of the ordering events (observer.ordered), by object
	// key: the putters' of the values not yet taken, in order; the join
	// of the adders'; the last marker's.
	queued map[any][]vclock
	added  map[any]vclock
	marked map[any]vclock
	cache  [1 << hbCacheBits]hbCacheEntry // in front of locks
}

// lockClock is a lock's release clocks and its last acquisition: by whom
// and at which of its clock's values. A read acquisition synchronizes
// with the writers' releases only (Go's memory model), a write one with
// both.
type lockClock struct {
	released, rreleased vclock
	lastG               int
	lastAt              uint32
}

func (h *hb) clock(x *g) vclock {
	v := h.clocks[x.id]
	for len(v) <= x.id {
		v = append(v, 0)
	}
	v[x.id]++ // every event is a step of x's own
	h.clocks[x.id] = v
	return v
}

func (h *hb) set(x *g, v vclock) { h.clocks[x.id] = v }

func clone(v vclock) vclock { return append(vclock(nil), v...) }

func (e *explorer) startRun(string) {}

func (e *explorer) started(parent, child *g, _ *Site) {
	if e.hbOff {
		return
	}
	if child.id >= maxHBGoroutines {
		e.stopHB()
		return
	}
	v := e.hb.clock(parent)
	e.hb.set(child, clone(v))
}

func (e *explorer) ended(*g) {}

// acquired checks the acquisition against the lock's previous one by
// another goroutine, before taking the lock's own edge: if that one is
// not already known to x, their order could have been the other way.
func (e *explorer) acquired(x *g, lock any, read bool, _ *Site) {
	if e.hbOff {
		return // did marks the lock raced
	}
	v := e.hb.clock(x)
	l := e.hb.lock(lock)
	if l.lastG != 0 && l.lastG != x.id && v.at(l.lastG) < l.lastAt {
		e.obj(objAddr(lock), objLock).raced = true
	}
	v = v.join(l.released)
	if !read {
		v = v.join(l.rreleased)
	}
	e.hb.set(x, v)
	l.lastG, l.lastAt = x.id, v[x.id]
}

// lock returns lock's clocks, made on first use. A direct-mapped cache by
// address spares most lookups their weak pointer (weak.Make is most of a
// lock event's cost); an entry counts only while its weak pointer still
// points at lock, so a lock at a collected one's address is looked up anew.
func (h *hb) lock(lock any) *lockClock {
	p := objAddr(lock)
	c := &h.cache[addrHash(p, hbCacheBits)]
	if c.p == p && c.l != nil && weakIs(c.k, lock) {
		return c.l
	}
	k := weakKey(lock)
	l := h.locks[k]
	if l == nil {
		l = &lockClock{}
		h.locks[k] = l
	}
	*c = hbCacheEntry{p: p, k: k, l: l}
	return l
}

const hbCacheBits = 6

type hbCacheEntry struct {
	p uintptr
	k any // weakKey of the lock
	l *lockClock
}

// weakIs reports whether k, a weakKey, still points at lock.
func weakIs(k, lock any) bool {
	switch w := k.(type) {
	case weak.Pointer[sync.Mutex]:
		m, ok := lock.(*sync.Mutex)
		return ok && w.Value() == m
	case weak.Pointer[sync.RWMutex]:
		m, ok := lock.(*sync.RWMutex)
		return ok && w.Value() == m
	}
	return k == lock
}

func (e *explorer) waiting(*g, any, bool, *Site) {}

func (e *explorer) arrived(*g) {}

// fired is the observer's event; the explorer hears of firings from the
// clock itself (timerFired), with the timer's kind.
func (e *explorer) fired(*Site) {}

func (e *explorer) released(x *g, lock any, read bool, _ *Site) {
	if e.hbOff {
		return
	}
	v := e.hb.clock(x)
	l := e.hb.lock(lock)
	if read {
		l.rreleased = l.rreleased.join(v)
	} else {
		l.released = l.released.join(v)
	}
}

func (e *explorer) synced(from, to *g) {
	if e.hbOff {
		return
	}
	v := e.hb.clock(from)
	e.hb.set(to, e.hb.clock(to).join(v))
}

// ordered joins the clocks an ordering event implies.
func (e *explorer) ordered(x *g, k syncKind, key any) {
	if e.hbOff {
		return
	}
	h := &e.hb
	switch k {
	case syncPut:
		h.queued[key] = append(h.queued[key], clone(h.clock(x)))
	case syncTake:
		v := h.clock(x)
		if q := h.queued[key]; len(q) > 0 {
			h.set(x, v.join(q[0]))
			h.queued[key] = q[1:]
		}
	case syncAdd:
		h.added[key] = h.added[key].join(h.clock(x))
	case syncAfterAll:
		h.set(x, h.clock(x).join(h.added[key]))
	case syncMark:
		h.marked[key] = clone(h.clock(x))
	case syncAfterMark:
		h.set(x, h.clock(x).join(h.marked[key]))
	}
}

func (e *explorer) flush() error { return nil }
