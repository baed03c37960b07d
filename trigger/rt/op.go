package rt

// The operations a managed goroutine performs are scheduling points. Each
// kind of operation has one row in the dispatch table (kinds), registered
// by the file of the primitive it belongs to (mutex.go, rwmutex.go,
// channel.go, select.go, waitgroup.go, cond.go, once.go, clock.go,
// timer.go, context.go, and goroutine.go for goroutine and test
// lifecycle). The scheduler, its verdict and its observers ask the row,
// never the kind: may the operation step now, what does it do to the
// model, under which objects does it wait, whom does it wait for, what
// does the explorer record of it, which comm event does the trace write,
// how is its blocked wait proved for real. A new primitive is one new
// file with its model (models.go) and its rows.

// opKind is the kind of a scheduling point: its row in kinds.
type opKind uint8

// kindDef is an operation kind's row in the dispatch table. A nil function
// has the default given in its comment.
type kindDef struct {
	// flags and the next two columns are read at every step: first, so
	// that they share a cache line.
	flags kindFlags
	// canRun reports whether the pending operation can step now (the
	// primitive's model is asked: is the mutex free, has a partner come);
	// nil: always.
	canRun func(sc *sched, x *g) bool
	// exec applies the chosen operation to the model and wakes the
	// goroutines its change may enable; false means it now waits in a
	// later phase and needs another step. nil: nothing to apply.
	exec func(sc *sched, x *g) bool
	// file files x, whose operation cannot step, under the objects whose
	// change can enable it (enset.go); nil: x stays among the goroutines
	// evaluated at every decision (its wait ends outside any object).
	file func(sc *sched, x *g)
	// touch files x under the objects its step may change so as to
	// disable others (a TryLock taking the mutex), while the enabled set
	// is touching (enset.go: their watchers are evaluated again); nil:
	// file.
	touch func(sc *sched, x *g)
	// stays reports whether x's enabled operation stays enabled whatever
	// the others do (a receive from a closed channel), as an always kind
	// does: it is not watched (enset.go). nil: only always kinds.
	stays func(sc *sched, x *g) bool
	// waitsFor returns the goroutines x's blocked operation waits for,
	// and how (detect.go); nil: none.
	waitsFor func(sc *sched, x *g) ([]*g, edgeKind)
	// waitText says what x's blocked operation waits for; who names the
	// goroutines waitsFor returned (" goroutine 3"). nil: the kind's name.
	waitText func(sc *sched, x *g, who string) string
	// explore records the completed operation in the explorer's
	// per-object orders (explore.go: didAcquire, didSend, didLocal, …);
	// nil: an operation on an object whose order is not counted.
	explore func(e *explorer, x *g)
	// comm is the mode of the trace's comm event for the operation
	// (tracecomm.go), 0 for none; commOf, if set, computes it from the op
	// instead. commObj returns the key of the object the event names, or
	// nil for none.
	comm    int
	commOf  func(o *op) int
	commObj func(o *op) any
	// proveReal performs x's blocked operation for real, once x has left
	// the scheduler for Go's leak profile to prove it blocked for good
	// (prove.go); it does not return. nil: the operation is not proved
	// that way. proveDrop, if set, first lets go of what the model holds
	// of the operation's object (the run is over).
	proveReal func(x *g)
	proveDrop func(sc *sched, x *g)
	name      string // as schedules name it ("Lock", "Send")
}

// kindFlags are an operation kind's static properties.
type kindFlags uint16

const (
	// acquire: an attempt to take a lock, the steps rpro and directed
	// count (a two-phase lock only in its first phase).
	acquire kindFlags = 1 << iota
	// read: a read lock (the trace's read forms).
	read
	// lockOp: operates on a lock (the op's obj is a *sync.Mutex or a
	// *sync.RWMutex).
	lockOp
	// always: can step whatever the others do (no wait in the model):
	// once found enabled and not spinning it stays so until it runs.
	always
	// chanWait: a channel operation that may wait for a partner (a send,
	// a receive, a select; not a close).
	chanWait
	// poll: a yield (Sleep, Gosched) polls always; a Try operation polls
	// when it fails; a select with a default when it takes the default.
	poll
	pollIfFailed
	pollIfDefault
	// ending: the test goroutine waiting for its end (goroutine.go), which
	// runs only when nothing else can.
	ending
	// progress: resets the spin count (sched.go); a loop that starts
	// goroutines between its polls is busy, not spinning.
	progress
	// sleeps: waits for the virtual clock: a loop of such steps is idle
	// (snapshot.go, idleStep) though it does not poll.
	sleeps
	// moves: the step moves something other goroutines see, or ends a
	// wait (a goroutine started, a WaitGroup counter, a channel's value
	// or close, a Cond wake, a subtest's end): a run at its bound whose
	// steps include some is making progress, even if every enabled
	// goroutine keeps polling (snapshot.go, classify).
	moves
)

// kinds is the dispatch table, filled by newKind as the package's
// variables are initialized. It has a row for every opKind value, so that
// looking a kind up needs no bounds check.
var kinds [256]kindDef

var numKinds int

// newKind registers an operation kind and returns it.
func newKind(d kindDef) opKind {
	if numKinds == len(kinds) {
		panic("invariant violation: rt: too many operation kinds")
	}
	kinds[numKinds] = d
	numKinds++
	return opKind(numKinds - 1)
}

func (k opKind) String() string {
	if int(k) < numKinds {
		return kinds[k].name
	}
	return "op?"
}

func (k opKind) has(f kindFlags) bool { return kinds[k].flags&f != 0 }

// op is a goroutine's pending operation and, once executed, its result.
type op struct {
	kind opKind
	// phase: a two-phase wait's second phase (RWMutex.Lock announced and
	// waiting for the readers; RLock queued behind a writer).
	phase uint8
	// stable: found enabled, not a spinner, at an operation that can
	// always step: it stays so until it runs, and enabled() skips
	// evaluating it. A new op starts unset.
	stable     bool
	done       bool // completed on its behalf (channel handoff, reader admitted)
	ok         bool // TryLock succeeded; OnceDo runs f; a receive's ok
	hasDefault bool // a select with a default case
	site       *Site
	// obj is the object operated on: a *sync.Mutex, *sync.RWMutex,
	// *sync.WaitGroup, *sync.Cond or *sync.Once, or the subtest's *g a
	// RunWait waits for. rec is its primitive's record of it, once
	// looked up.
	obj   any
	rec   any
	n     int64 // WGAdd: the delta; TimerReset: the duration
	cases []SelectCase
	sub   *g  // Go, Run: the goroutine created
	idx   int // a select's case taken, -1 the default
	val   any // the value received
	// panicVal is raised after the step (a send on a closed channel).
	panicVal any
}

// isAcquire reports whether the pending op is a lock acquisition attempt,
// the steps rpro and directed count.
func (o *op) isAcquire() bool { return o.kind.has(acquire) && o.phase == 0 }

// waitsOnChan reports whether the op is a channel operation that can wait
// for a partner.
func (o *op) waitsOnChan() bool { return o.kind.has(chanWait) }

// isPollKind reports whether the op is of a kind that may poll: a yield, a
// TryLock, a select with a default.
func (o *op) isPollKind() bool {
	f := kinds[o.kind].flags
	return f&(poll|pollIfFailed) != 0 || f&pollIfDefault != 0 && o.hasDefault
}

// isPoll reports whether the executed op polled (a spin loop's step).
func (o *op) isPoll() bool {
	f := kinds[o.kind].flags
	return f&poll != 0 || f&pollIfFailed != 0 && !o.ok || f&pollIfDefault != 0 && o.idx < 0
}

// lock returns the lock the op operates on (a *sync.Mutex or
// *sync.RWMutex), or nil.
func (o *op) lock() any {
	if o.kind.has(lockOp) {
		return o.obj
	}
	return nil
}
