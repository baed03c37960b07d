package rt

import (
	"sync"
	"sync/atomic"
)

// gState is where a managed goroutine stands with the scheduler.
type gState uint8

const (
	gLive    gState = iota // in the decision set: running, enabled or blocked
	gOutside               // released: running or blocked outside instrumented code
	gDone                  // finished
)

// wakeMsg is what a parked goroutine receives on its wake channel.
type wakeMsg uint8

const (
	wakeRun  wakeMsg = iota // you were chosen: run
	wakeDump                // capture your stack and stay parked
)

// g is a managed goroutine.
type g struct {
	id      int
	sc      *sched
	gp      atomic.Uintptr // runtime identity (getg), set by the goroutine itself
	goid    atomic.Uint64  // Go's goroutine ID, for the watchdog's look at its state
	wake    chan wakeMsg
	state   gState
	started bool // its code runs (false for a subtest record whose goroutine testing has not started)
	op      op   // pending or last operation
	created *Site
	parent  int
	held    []heldLock
	prio    float64 // pct, rpro, directed
	spins   int     // polls since the last progress (see countSpin)
	lastRun int     // step at which it was last chosen
	// waited counts the decisions at which it was enabled but not
	// chosen since it last ran, for the fairness bound (fair.go).
	waited int
	set    uint8  // where it stands in the enabled set (enset.go)
	bgen   uint32 // times it was blocked (stale wait list entries)
	hidx   int    // index in the sleeper or spinner heap
	opSeq  uint32 // operations begun (stale partner entries)
	signal bool   // a Cond signal arrived
	paused bool   // paused in t.Parallel: its parent may go on
	// pausedKids counts its subtests paused in t.Parallel that have not
	// rejoined (lifecycle.go).
	pausedKids int
	napping    atomic.Bool   // waits on purpose (test hook polling, backoff): not stuck
	why        string        // why it is outside
	stack      []frame       // captured at the block point on request
	one        [1]SelectCase // the case of a Send or Recv (saves an allocation)

	// Where it is parked (handover.go): the hold, or nil for its wake
	// channel; the message a switch brings, and the seed that brought it
	// (nil if the deciding goroutine did).
	parkedIn atomic.Pointer[hold]
	msg      wakeMsg
	via      *hold
	// inflight is set while a switch to it, decided, has not happened
	// yet: the watchdog must not take it for blocked.
	inflight atomic.Bool
}

// heldLock is a lock held by a goroutine in the model.
type heldLock struct {
	mu   *sync.Mutex
	rw   *sync.RWMutex
	read bool
	site *Site
}

// lockID returns the lock's address (either kind).
func (h heldLock) addr() any {
	if h.mu != nil {
		return h.mu
	}
	return h.rw
}

func (x *g) addHeld(h heldLock) { x.held = append(x.held, h) }

// dropHeld removes the most recent record of lock addr held in mode read.
func (x *g) dropHeld(addr any, read bool) bool {
	for i := len(x.held) - 1; i >= 0; i-- {
		if x.held[i].addr() == addr && x.held[i].read == read {
			x.held = append(x.held[:i], x.held[i+1:]...)
			return true
		}
	}
	return false
}
