package rt

import "sync"

// opKind is the kind of a scheduling point.
type opKind uint8

const (
	opStart opKind = iota
	opLock
	opUnlock
	opTryLock
	opRWLock
	opRWUnlock
	opRWTryLock
	opRLock
	opRUnlock
	opTryRLock
	opSend
	opRecv
	opClose
	opSelect
	opWGAdd
	opWGWait
	opCondEnqueue
	opCondWait
	opCondSignal
	opCondBroadcast
	opOnce
	opSleep
	opGosched
	opGo
	opRun
	opRunWait
	opParallel
	opTestEnd
	numOps
)

var opNames = [numOps]string{
	opStart: "Start", opLock: "Lock", opUnlock: "Unlock", opTryLock: "TryLock",
	opRWLock: "RWLock", opRWUnlock: "RWUnlock", opRWTryLock: "RWTryLock",
	opRLock: "RLock", opRUnlock: "RUnlock", opTryRLock: "TryRLock",
	opSend: "Send", opRecv: "Recv", opClose: "Close", opSelect: "Select",
	opWGAdd: "WGAdd", opWGWait: "WGWait",
	opCondEnqueue: "CondWait", opCondWait: "CondWake", opCondSignal: "CondSignal", opCondBroadcast: "CondBroadcast",
	opOnce: "OnceDo", opSleep: "Sleep", opGosched: "Gosched", opGo: "Go",
	opRun: "Run", opRunWait: "RunWait", opParallel: "Parallel", opTestEnd: "TestEnd",
}

func (k opKind) String() string {
	if k < numOps {
		return opNames[k]
	}
	return "op?"
}

// op is a goroutine's pending operation and, once executed, its result.
type op struct {
	kind       opKind
	site       *Site
	mu         *sync.Mutex
	rw         *sync.RWMutex
	wg         *sync.WaitGroup
	cond       *sync.Cond
	once       *sync.Once
	delta      int
	cases      []SelectCase
	hasDefault bool
	sub        *g          // opRun, opRunWait: the subtest's goroutine
	wakeAt     int64       // opSleep: the virtual time (sched.vnow) it waits for
	mst        *mutexState // the state of mu, once looked up
	rst        *rwState    // the state of rw, once looked up

	// stable: found enabled, not a spinner, at an operation that can
	// always step (alwaysRuns): it stays so until it runs, and enabled()
	// skips evaluating it. A new op starts unset.
	stable bool

	phase    uint8 // opRWLock: 1 announced; opRLock: 1 queued behind a writer
	done     bool  // completed on its behalf (channel handoff, reader admitted)
	ok       bool  // TryLock succeeded; OnceDo runs f; Recv2's ok
	idx      int   // Select: the case taken, -1 default
	val      any   // the value received
	panicVal any   // raised after the operation (send on a closed channel)
}

// isAcquire reports whether the pending op is a lock acquisition attempt,
// the steps rpro and directed count.
func (o *op) isAcquire() bool {
	switch o.kind {
	case opLock, opTryLock, opRWTryLock, opTryRLock:
		return true
	case opRWLock, opRLock:
		return o.phase == 0
	}
	return false
}

// alwaysRuns reports whether the op can step whatever the others do (its
// kind has no wait in the model): once such an op was found enabled and
// not spinning, it stays so until it runs. A Sleep whose wake time came
// stays awake (the clock only advances); a spinner's poll count changes
// only when it runs.
func (o *op) alwaysRuns() bool {
	switch o.kind {
	case opStart, opUnlock, opRWUnlock, opRUnlock, opTryLock, opRWTryLock, opTryRLock,
		opClose, opWGAdd, opCondEnqueue, opCondSignal, opCondBroadcast, opSleep, opGosched, opGo, opRun, opParallel:
		return true
	}
	return false
}

// waitsOnChan reports whether the op is a channel operation that can wait
// for a partner: a send, a receive or a select (not a close).
func (o *op) waitsOnChan() bool {
	return o.kind == opSend || o.kind == opRecv || o.kind == opSelect
}

// isPollKind reports whether the op is of a kind that may poll: a yield, a
// TryLock, a select with a default.
func (o *op) isPollKind() bool {
	switch o.kind {
	case opSleep, opGosched, opTryLock, opRWTryLock, opTryRLock:
		return true
	case opSelect:
		return o.hasDefault
	}
	return false
}

// isPoll reports whether the op polls (a spin loop's step).
func (o *op) isPoll() bool {
	switch o.kind {
	case opSleep, opGosched:
		return true
	case opTryLock, opRWTryLock, opTryRLock:
		return !o.ok
	case opSelect:
		return o.idx < 0
	}
	return false
}
