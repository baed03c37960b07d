// Package rt is the runtime that instrumented code calls instead of the sync
// and channel operations it replaces (trigger/CONTRACT.md, section 3).
//
// Without DEADHUNT_CONFIG every function performs the real operation
// (pass-through). With strategy "plain" no scheduler is installed: it also
// passes through and only counts steps, acquisitions and goroutines for
// calibration (plain.go).
//
// Otherwise a serializing scheduler runs exactly one managed goroutine at a
// time. Managed goroutines are the test's (ID 1, registered by TestStart),
// those started through Go and WGGo, and subtests started through Run, with
// IDs in creation order. Every call is a scheduling point: the goroutine
// states its operation, the strategy (random, pct, rpro, directed, replay)
// picks the next goroutine among the enabled ones, and the others stay
// parked, each in a runtime coroutine or on its own channel; the token
// passes by a coroutine switch where it can (handover.go). Each decision
// is recorded as a step (goroutine, site, operation, change point), so
// that the same seed gives the same schedule and a recorded schedule
// replays exactly.
//
// Each primitive (mutex.go, rwmutex.go, channel.go, select.go,
// waitgroup.go, cond.go, once.go; clock.go, timer.go and context.go for
// time; goroutine.go and testing.go for goroutines and tests) is one file:
// its entry points, its model of its objects (registered with models.go),
// and its rows in the op table (op.go), which answer for each kind of
// operation whether it may step, what it changes and whom that wakes, what
// it waits on and for whom, what the explorer records of it, which comm
// event the trace writes and how a blocked wait is proved for real. The scheduler core (sched.go, enset.go) keeps
// only the goroutines, the enabled set, the token, the strategy and the
// step log, and asks the table; its verdict (verdict.go, detect.go,
// prove.go, snapshot.go, result.go) is what the run concludes. The
// lock-order trace and the explorer are observers the model notifies
// (observe.go, trace.go, explore_hb.go); each strategy owns its state and
// its fairness bound (strategy*.go, fair.go). docs/architecture.md lists
// the files a new primitive or strategy touches.
//
// The primitives' models decide enabledness: a Mutex is free or held; an
// RWMutex has Go's writer preference (a writer first claims the lock, which
// blocks new readers, then waits for the active readers; readers that
// arrived behind it are admitted when it unlocks); unbuffered channel
// handoffs are performed by the scheduler between a goroutine and a parked
// partner; buffered channels use non-blocking operations; WaitGroup
// counters, Cond wait queues and Once states are modelled, and Cond.Wait
// releases and retakes c.L through the runtime. The real objects are kept
// consistent (a Mutex granted by the model is taken for real with TryLock,
// falling back to a real, blocking Lock if uninstrumented code holds it),
// so code that is not instrumented and shares them sees correct state.
// Channel partners outside the scheduler (timers, uninstrumented
// goroutines, a context's Done closed by its cancel function) are found by
// polling, by a select's default trying its cases for real first, and by
// the idle watchdog blocking briefly on the blocked receivers' channels; an
// unmanaged goroutine's instrumented channel operation meets a parked
// managed partner directly (meet.go).
//
// The enabled set is kept incrementally (enset.go): a goroutine whose
// operation cannot step is filed under the objects it waits for and looked
// at again only when one of them changes, so a decision costs time in the
// goroutines that may step, not in the thousands that are blocked or
// asleep.
//
// Time is a virtual clock the scheduler owns (clock.go): sleeps, timers,
// tickers, AfterFunc (timer.go) and context deadlines (context.go) are
// timers in a heap, and a timer's firing is a decision of its own
// (goroutine 0 in the schedule): when it is due, when nothing else can
// step (the clock jumps), or early when the strategy draws it. A run never
// waits for real time unless something outside the scheduler may still
// come. A fairness bound lets a goroutine passed over at
// 1000 decisions while enabled run, so a strategy's priorities cannot
// starve it behind a loop of operations that always succeed (fair.go).
//
// A watchdog (running while some goroutine is managed, so that a TestMain
// checking for leaked goroutines after the tests does not find it)
// releases a goroutine that holds the token but stays in
// uninstrumented code beyond watchdog_ms while blocked (a network read, a
// real lock), or beyond 8 x watchdog_ms while running: it is marked outside
// and the others go on; it rejoins at its next call. Spin loops (failed
// TryLock, Gosched, Sleep, a select's default, counted until the goroutine
// makes progress) are demoted and yield to the other goroutines.
//
// When no managed goroutine is enabled the scheduler looks for a deadlock
// in the wait-for graph: a cycle of lock waits (lock-order-cycle,
// double-lock, rwr) is reported at once, a cycle through Once or a subtest
// when no goroutine is outside; goroutines blocked for good on channels,
// WaitGroups or Conds without a cycle (mixed, blocked) only when no
// goroutine is outside, after a grace period (10 x watchdog_ms) in which
// channel waiters are polled and unmanaged goroutines' Done or Signal can
// still wake them, and never while a goroutine waits on a time.Time channel
// (a timer). TestStart's hook, which runs as
// the test's last cleanup, lets leaked goroutines run until they finish or
// block, then checks them. A deadlock writes the result (schedule
// included), prints a readable report to stderr and exits with status 3.
//
// The package imports only the standard library and its subpackage wire
// (what it exchanges with the driver, standard library only too):
// trigger/instrument extracts their non-test files and compiles them as
// module deadhunt.dev/rt.
package rt
