package rt

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// gState is where a managed goroutine stands with the scheduler.
type gState uint8

const (
	gLive    gState = iota // in the decision set: running, enabled or blocked
	gOutside               // released: running or blocked outside instrumented code
	gDone                  // finished
)

// g is a managed goroutine.
type g struct {
	id int
	sc *sched
	gp atomic.Uintptr // runtime identity (getg), set by the goroutine itself
	// gptr is its runtime g, where the watchdog reads its state (gstate.go);
	// nil where getg is not the g's address. A g is never freed.
	gptr  atomic.Pointer[byte]
	goid  atomic.Uint64 // Go's goroutine ID, for the watchdog's look at its state
	state gState
	why   string // why it is outside
	// busy: released by the watchdog while running or in a system call
	// (working outside instrumented code, not waiting), until it rejoins.
	busy  bool
	op    op     // pending or last operation
	opSeq uint32 // operations begun (stale partner entries)
	// created is the site of the `go` statement, t.Run or wg.Go that
	// made it; parent the ID of the goroutine that did (0: the test's).
	created *Site
	parent  int
	// callers[:ncallers] are the return PCs of the calls that reached
	// the `go` statement (Go), innermost first: where a leaked goroutine
	// was started from. Kept in the g, not allocated apart.
	callers  [maxCallers]uintptr
	ncallers uint8
	held     []heldLock
	spins    int // polls since the last progress (see countSpin)
	lastRun  int // step at which it was last chosen
	en       enPlace
	t        subtest
	napping  atomic.Bool   // waits on purpose (test hook polling, backoff): not stuck
	stack    []frame       // captured at the block point on request
	one      [1]SelectCase // the case of a Send or Recv (saves an allocation)
	parked   parking
	escaped  atomic.Bool // its real operation went through after it left to be proved blocked (prove.go)
	name     uint64      // creation-path name, when exploring (explore.go)
	kind     uint64      // its name without the ordinals: its creation sites (kinds.go)
	drawn    []drawSite  // its draws per site, for its draw mode (draw.go)
}

// heldLock is a lock held by a goroutine in the model: the address of a
// sync.Mutex or a sync.RWMutex (lockAddr), held for writing or for reading.
type heldLock struct {
	lock unsafe.Pointer
	read bool
	site *Site
}

// lockAddr is the address of lock, a *sync.Mutex or a *sync.RWMutex
// (nil for anything else): a lock's identity in the held sets, compared
// without going through an interface.
func lockAddr(lock any) unsafe.Pointer {
	switch l := lock.(type) {
	case *sync.Mutex:
		return unsafe.Pointer(l)
	case *sync.RWMutex:
		return unsafe.Pointer(l)
	}
	return nil
}

func (x *g) addHeld(h heldLock) { x.held = append(x.held, h) }

// dropHeld removes the most recent record of lock held in mode read.
func (x *g) dropHeld(lock unsafe.Pointer, read bool) bool {
	for i := len(x.held) - 1; i >= 0; i-- {
		if x.held[i].lock == lock && x.held[i].read == read {
			copy(x.held[i:], x.held[i+1:])
			x.held[len(x.held)-1] = heldLock{}
			x.held = x.held[:len(x.held)-1]
			return true
		}
	}
	return false
}

// heldOf returns x's record of holding lock.
func heldOf(x *g, lock unsafe.Pointer) (heldLock, bool) {
	for i := len(x.held) - 1; i >= 0; i-- {
		if x.held[i].lock == lock {
			return x.held[i], true
		}
	}
	return heldLock{}, false
}

// goroutines are the managed goroutines of a run.
type goroutines struct {
	all     []*g // by ID-1
	live    gset // state gLive
	byGP    map[uintptr]*g
	outside gset // state gOutside
}

// liveList lists the live goroutines in ID order (a new slice).
func (gs *goroutines) liveList() []*g { return gs.live.list(gs.all, nil) }
