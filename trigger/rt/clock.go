package rt

import (
	"cmp"
	"container/heap"
	"runtime"
	"slices"
	"sync/atomic"
	"time"
)

// Time under control. The scheduler owns a virtual clock: what a managed
// goroutine reads (time.Now, Since, Until) and what it waits for (Sleep,
// timers, tickers, AfterFunc, context deadlines) is on it, and a run never
// waits for real time while everything that could still happen is under
// control.
//
// The clock moves by stepNanos at every decision, so a loop of four
// thousand steps takes a virtual millisecond. Everything that waits for a
// time is a timer in one heap, by deadline then creation. A timer fires
// as a scheduling decision of its own, recorded in the schedule as a step
// of goroutine 0 at the timer's creation site, and replayed exactly:
//
//   - when it is overdue (its deadline passed tieWindow ago): before any
//     goroutine steps; from the run's reach before its deadline (pace.go:
//     tieWindow, 5 µs or 0, as a step may be slowed or cost next to
//     nothing) to tieWindow after it, the strategy may fire it
//     (strategy.clock), so that goroutines woken at about the same time
//     may step before or after it, as in real time;
//   - when no goroutine can step (all are blocked, or only the test
//     waiting for its end or spinners that have polled spinJump times
//     remain): the clock jumps to its deadline.
//     While a managed goroutine is outside instrumented code, goroutines
//     the scheduler does not manage are alive, or one waits on a real
//     timer's channel, something real may still come: the clock first
//     waits in real time for the time to the deadline, at most watchdog_ms
//     (mayJump; the watchdog comes back when nothing else does);
//   - early, within earlyWindow of its deadline, when the strategy says so
//     (strategy.clock): "the deadline passes while the worker is still
//     computing". Sleeps never fire earlier than tieWindow: a test that
//     sleeps to let a goroutine get somewhere sees it get there whenever
//     it could, as it does in real time.
//
// Timers fire in deadline order, except that timers whose deadlines lie
// within tieWindow of the earliest one's are due "at the same time" (real
// timers drift by that much): the strategy chooses which of them fires
// first (strategy.tie), and the schedule names it by its site.

// clock is the virtual clock and its pending timers.
type clock struct {
	now  int64     // virtual nanoseconds since the run began
	base time.Time // the real time at which the run began: Now is base + now
	// replayBase is the witness's base (Unix nanoseconds), on replay;
	// replayShift is then the real time at the replay's start less it
	// (deadlines handed to the standard library: vctx.Deadline).
	replayBase  int64
	replayShift time.Duration
	timers      timerHeap
	futileBuf   []*vtimer // advance's futile tickers
	seq         int       // timers created
	// reach is how far ahead of the clock a timer's deadline may lie
	// for the timer to be due (pace.go): the run's choice.
	reach int64
	// earlyDone is set when a timer fired early since the last goroutine
	// step: at most one early firing per decision.
	earlyDone bool
	// stalled is when an idle scheduler first did not move the clock
	// because something outside it may still come (zero: it did not).
	stalled time.Time
	// endAt is the clock when the test reached its end (-1 before): the
	// goroutines it leaked wait for timers up to endHorizon after it.
	endAt int64
	// endSeq is seq at the test's end: the one-shot timers armed before
	// it (seq at most endSeq) fire up to goTestTimeout (lateFire).
	endSeq int
	// baseGoroutines is the number of goroutines the scheduler does not
	// manage when the test starts (the testing package's), less those of
	// initAlive.
	baseGoroutines int
	// initAlive counts the goroutines started through instrumented go
	// statements before the test started (by the package's
	// initialization: a default pool's workers) that have not ended;
	// testStarted is set when the test starts.
	initAlive   atomic.Int32
	testStarted atomic.Bool
	// stallMax is how long the current stall may last (stallLimit, or
	// less when only goroutines of initAlive may still come, or the
	// whole time to the deadline while one works outside); stallReal is
	// set when what the stall waits for comes in real time (a real
	// timer's channel, a goroutine working outside), so that its time
	// passes on the clock too.
	stallMax  time.Duration
	stallReal bool
	// stallNet is set once the stall finds a test's timeout due and the
	// goroutines outside waiting on the network for good (netTimeout).
	stallNet bool
	// netChecked is when a stall last looked at the network (stallNet).
	netChecked time.Time
	reg        timerRegistry
	// exiting counts the managed goroutines that have ended but not yet
	// returned (goroutine.go).
	exiting atomic.Int32
	// ended is set when a managed goroutine ends, and cleared when the
	// clock's moves have let it go (fire), at most settleTries of them.
	ended      bool
	endedTries int
	stay       int // goroutines not managed that outlasted the settles (fire)
	// selfEnding is 1 while an ending goroutine takes its last decision
	// (exit): it is one of the goroutines a settle would wait for, and
	// goes only once the decision returns.
	selfEnding int
	gaveUp     int // settles of ended goroutines that waited their whole limit
	// realWaiters counts the goroutines at a channel operation on a
	// channel of time.Time that is not a virtual timer's (perform).
	realWaiters int
	// ours holds the channels of the virtual timers: a goroutine waiting
	// on another channel of time.Time waits for a real timer.
	ours map[uintptr]bool
}

// stepNanos is how far the virtual clock moves per decision: about what a
// scheduling point costs in a real run, with the code around it
// (BENCHMARKS.md, "Runtime cost"). Much more would make loops of
// operations run faster on the clock than in a real run, so that timeouts
// and keepalives expire where go test's runs do not.
const stepNanos = 250

// earlyWindow is how close to its deadline a timer must be for a strategy
// to fire it early.
const earlyWindow = int64(time.Millisecond)

// fireCase is why a timer may fire at a decision (strategy.clock).
type fireCase uint8

const (
	fireOverdue fireCase = iota // overdue: it must
	fireIdle                    // nothing else can step: it must
	fireStalled                 // nothing else can step, but something outside may still come: it must not (unless a replayed schedule says so)
	fireDue                     // due, others can step: it may
	fireEarly                   // within earlyWindow of its deadline: it may, rarely
)

// spinJump is how many polls without progress make a spinner wait for
// the clock to jump (advance).
const spinJump = 64

// tieWindow is how close two deadlines must be for the timers to fire in
// either order.
const tieWindow = int64(50 * time.Microsecond)

// endHorizon is how far past the test's end the clock runs for the
// goroutines the test leaked: a goroutine waiting for a later timer is not
// blocked for good, and not run either.
const endHorizon = int64(10 * time.Second)

// lateFire reports whether t, due past endHorizon after the test's end,
// fires all the same: a one-shot timer the test left armed (an AfterFunc
// of a handshake's timeout, a context's deadline, a sleep) that is due
// before go test's default timeout. What it does decides whether the
// goroutines the test leaked are blocked for good, and it fires once;
// timers armed after the end (a leaked loop's next sleep) and tickers
// stay bounded by endHorizon, so a loop is not run for ten minutes.
func (c *clock) lateFire(t *vtimer) bool {
	return t.period == 0 && t.seq <= c.endSeq && t.when <= goTestTimeout
}

// endTicks is how many times a ticker fires after the test's end: a
// goroutine the test leaked that a ticker keeps waking (a cache's reaper,
// a flusher) has shown by then what it does on a tick, and its next tick
// is put past endHorizon, where it waits without being blocked for good.
// Without it a 50 µs ticker fired 200,000 times per run.
const endTicks = 100

func newClock() clock {
	return clock{base: time.Now(), endAt: -1, ours: map[uintptr]bool{}, reg: timerRegistry{
		timers: map[*time.Timer]*vtimer{}, tickers: map[*time.Ticker]*vtimer{}}}
}

// timerKind says what a timer does when it fires.
type timerKind uint8

const (
	timerSleep timerKind = iota // wakes a sleeping goroutine
	timerChan                   // sends the time on its channel (Timer, Ticker, After, Tick)
	timerFunc                   // starts its function on a new goroutine (AfterFunc)
	timerCtx                    // cancels its context with DeadlineExceeded
)

// vtimer is a timer on the virtual clock.
type vtimer struct {
	when   int64 // deadline, virtual
	period int64 // a ticker's period; 0 for a one-shot timer
	seq    int
	idx    int // in the heap; -1 when not pending
	kind   timerKind
	site   *Site // where it was created
	parent int   // the goroutine that created it (callbacks are its children)
	// sleeper is the goroutine a timerSleep wakes.
	sleeper *g
	// ch is a timerChan's channel; f a timerFunc's function; ctx a
	// timerCtx's context.
	ch  chan time.Time
	f   func()
	ctx *vctx
	// real is the real timer behind a *time.Timer handed out (its C is
	// ch): it never fires, but code that is not instrumented may stop it,
	// which the firing checks (nil for tickers, sleeps and contexts).
	real *time.Timer
	// sync: Stop and Reset drain the channel (Go 1.23 timers).
	sync bool
	// endFires counts a ticker's firings after the test's end.
	endFires int
}

// timerHeap orders pending timers by deadline, then creation.
type timerHeap []*vtimer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if h[i].when != h[j].when {
		return h[i].when < h[j].when
	}
	return h[i].seq < h[j].seq
}
func (h timerHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].idx, h[j].idx = i, j
}
func (h *timerHeap) Push(x any) {
	t := x.(*vtimer)
	t.idx = len(*h)
	*h = append(*h, t)
}
func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	t.idx = -1
	return t
}

func (h timerHeap) top() *vtimer {
	if len(h) == 0 {
		return nil
	}
	return h[0]
}

// arm makes t pending with deadline when (re-arming it if it is).
func (c *clock) arm(t *vtimer, when int64) {
	t.when = when
	if t.idx >= 0 {
		heap.Fix(&c.timers, t.idx)
		return
	}
	c.seq++
	t.seq = c.seq
	heap.Push(&c.timers, t)
}

// disarm takes t out of the pending timers; it reports whether t was
// pending.
func (c *clock) disarm(t *vtimer) bool {
	if t.idx < 0 {
		return false
	}
	heap.Remove(&c.timers, t.idx)
	return true
}

// newTimer returns a timer created at s by x (not armed).
func newTimer(kind timerKind, s *Site, x *g) *vtimer {
	t := &vtimer{kind: kind, site: s, idx: -1}
	if x != nil {
		t.parent = x.id
	}
	return t
}

// at is the virtual clock as a time.Time.
func (c *clock) at(v int64) time.Time { return c.base.Add(time.Duration(v)) }

// deadline is the virtual deadline d after now, saturated.
func (c *clock) deadline(d time.Duration) int64 {
	if d < 0 {
		d = 0
	}
	w := c.now + int64(d)
	if w < c.now {
		return 1<<63 - 1
	}
	return w
}

// virtual converts a time.Time to the virtual clock (saturated).
func (c *clock) virtual(t time.Time) int64 {
	d := t.Sub(c.base)
	if d < 0 {
		return 0
	}
	return int64(d)
}

// advance fires the timers the decision calls for, given the goroutines
// that can step (en; idle when none of them is an ordinary goroutine) and
// returns the goroutines that can step afterwards.
func (sc *sched) advance(en enView, idle bool) (enView, bool) {
	c := &sc.clock
	for {
		t := c.timers.top()
		if t == nil {
			return en, idle
		}
		if en.Len() == 0 && t.futile() {
			// A tick into a full channel while nothing can step changes
			// nothing (Go drops it): skip the futile tickers' ticks up to
			// the next other timer, or fire none. A 1 ns ticker would
			// otherwise fire at every decision for good, each firing
			// counting as progress, and the scheduler never look at what
			// is stuck; two skipped past each other would leapfrog for
			// good.
			futile := c.futileBuf[:0]
			for ; t != nil && t.futile(); t = c.timers.top() {
				c.disarm(t)
				futile = append(futile, t)
			}
			for _, f := range futile {
				when := f.when
				if t != nil { // its first tick after t
					when = 1<<63 - 1 // saturated
					if n := (t.when-f.when)/f.period + 1; n <= (when-f.when)/f.period {
						when = f.when + n*f.period
					}
				}
				c.arm(f, when)
			}
			clear(futile)
			c.futileBuf = futile[:0]
			if t == nil {
				return en, idle
			}
			continue
		}
		// Spinners keep the clock moving step by step until they have
		// polled spinJump times without progress: a loop whose
		// non-blocking sends find no room is busy, not waiting.
		waiting := idle && (en.Len() == 0 || !spinning(en.At(0)) || en.At(0).spins >= spinJump)
		if !waiting {
			c.unstall(t)
		}
		hold, _ := sc.strat.(holder)
		if hold != nil && !waiting && hold.holdsAll(en, c.now, t.when) {
			waiting = true // only goroutines the strategy holds back can step
		}
		var why fireCase
		switch {
		case t.when <= c.now-tieWindow: // not t.when+tieWindow: a saturated deadline would overflow
			why = fireOverdue
		case waiting && sc.mayJump(t):
			why = fireIdle
		case waiting:
			why = fireStalled
		case c.earlyDone:
			return en, idle
		case t.when <= c.now+c.reach:
			why = fireDue
		case t.kind != timerSleep && t.when-c.now <= earlyWindow:
			why = fireEarly
		default:
			return en, idle
		}
		if (why == fireDue || why == fireEarly) && hold != nil && hold.holdsTimer(t) {
			return en, idle
		}
		if !sc.strat.clock(en.Len(), why) {
			return en, idle
		}
		if why == fireDue || why == fireEarly {
			c.earlyDone = true
		}
		sc.fileWatchers(nil) // the firing may disable them
		t = sc.tied(t)
		if en.Len() == 0 {
			sc.noteTimeout(t)
		}
		sc.fire(t)
		sc.set.self = nil // the firing may have enabled it: ask again
		en, idle = sc.enabled()
	}
}

// unstall is a decision at which something can step, t the earliest
// timer: a stall that began before is over (what came from outside came
// in time), and the next one waits its own time in full. A stall for
// something that comes in real time has passed on the clock too, short of
// the deadline: a goroutine woken by a real 50 µs ticker sees time go by
// as it does, not a step's worth per tick. (A stall for goroutines
// outside that wait does not: what they wait for is mostly managed
// goroutines' work on the other end of a connection, slower under
// control than in a real run.)
func (c *clock) unstall(t *vtimer) {
	if c.stallReal && !c.stalled.IsZero() {
		c.now = max(c.now, min(c.now+int64(time.Since(c.stalled)), t.when))
	}
	c.stalled, c.stallMax, c.stallReal, c.stallNet = time.Time{}, 0, false, false
}

// farOff reports whether a decision among enabled goroutines leaves t,
// the earliest timer, alone whatever the strategy would draw: it is
// neither overdue, nor due within the run's reach, nor within the window
// in which it may fire early (advance).
func (c *clock) farOff(t *vtimer) bool {
	return t.when > c.now+c.reach && t.when-c.now > earlyWindow
}

// holder is a strategy that holds goroutines or timers back (directed
// with a blocking candidate's Postpone sites; strategy_postpone.go).
type holder interface {
	holdsAll(en enView, now, when int64) bool
	holdsTimer(t *vtimer) bool
	// holds reports whether y is held back at its current operation (a
	// select's choice avoids it as a partner: select.go).
	holds(y *g) bool
}

// tied returns the timer to fire first among t, the earliest, and the
// timers due within tieWindow of it: the strategy's choice. Only the part
// of the heap above the window's end is visited.
func (sc *sched) tied(t *vtimer) *vtimer {
	h := sc.clock.timers
	limit := t.when + tieWindow
	if limit < t.when {
		limit = 1<<63 - 1 // a deadline at the end of time (saturated)
	}
	var ts []*vtimer
	var visit func(i int)
	visit = func(i int) {
		if i >= len(h) || h[i].when > limit {
			return
		}
		ts = append(ts, h[i])
		visit(2*i + 1)
		visit(2*i + 2)
	}
	visit(0)
	if len(ts) == 1 {
		return t
	}
	slices.SortFunc(ts, func(a, b *vtimer) int { return cmp.Or(cmp.Compare(a.when, b.when), cmp.Compare(a.seq, b.seq)) })
	return ts[sc.strat.tie(ts)]
}

// mayJump reports whether an idle scheduler may move the clock to t's
// deadline: not past the horizon of a test that has ended, and while
// something outside the scheduler may still come, only once the time to
// the deadline (at most the watchdog's limit) has passed for real.
func (sc *sched) mayJump(t *vtimer) bool {
	c := &sc.clock
	if c.endAt >= 0 && t.when > c.endAt+endHorizon && !c.lateFire(t) {
		return false
	}
	limit := sc.stallLimit(t)
	c.stallReal = false // set below when what the stall waits for comes in real time
	// The network is looked at when the stall starts, and again while it
	// lasts (every netRecheck): a request still in flight at its start
	// may reach a server that then waits with a read deadline, in real
	// time, shorter than the timeout.
	if sc.gs.outside.n > 0 && (c.stalled.IsZero() || !c.stallNet && time.Since(c.netChecked) >= netRecheck) {
		c.stallNet, c.netChecked = sc.netTimeout(t), time.Now()
	}
	if sc.gs.outside.n > 0 && (c.stallNet || sc.outsideBusy()) {
		// A goroutine works outside instrumented code (a commit writing
		// 134 MB): real time passes for it, and the deadline comes when
		// it would in a real run, not a watchdog period later. So too
		// for a test's timeout while the goroutines outside wait on the
		// network for good (netwait.go): a read's deadline shorter
		// than it, in real time, ends such a wait first, as it would in
		// a real run.
		limit = time.Duration(t.when - c.now)
		c.stallReal = true
	}
	if sc.gs.outside.n == 0 {
		// The goroutines the package's initialization started mostly
		// live for good (a ticker's loop): a sleep's timer does not wait
		// for them, and a deadline's waits for them briefly (one woken
		// by the test's cancel, finishing), not a watchdog period at
		// every jump.
		inits := int(c.initAlive.Load())
		skip := 0
		if t.kind == timerSleep {
			skip = inits
		}
		// Goroutines that have just ended are not outside: let them go
		// (in real time, briefly) rather than stall the clock for them,
		// which a replay would not do.
		sc.settleEnded(skip, time.Millisecond)
		n := sc.unmanaged(skip)
		timerWait := sc.realTimerWaiters(sc.set.blocked.list(sc.gs.all, nil))
		if n == 0 && !timerWait {
			return true
		}
		if !timerWait && n <= inits {
			limit = min(limit, initStall(sc.cfg.WatchdogMS))
		}
		c.stallReal = timerWait
	}
	now := time.Now()
	if c.stalled.IsZero() {
		c.stalled = now
	}
	c.stallMax = limit
	return now.Sub(c.stalled) >= limit
}

// netRecheck is how often a stall that did not find the goroutines
// outside stuck on the network looks again.
const netRecheck = 5 * time.Millisecond

// initStall is the longest an idle scheduler waits in real time when only
// goroutines started by the package's initialization may still come.
func initStall(watchdogMS int) time.Duration {
	return max(time.Millisecond, time.Duration(watchdogMS)*time.Millisecond/10)
}

// jumpDue reports whether the idle scheduler, which did not move the clock
// because something outside it may still come (clock.go), has waited long
// enough in real time.
func (sc *sched) jumpDue(now time.Time) bool {
	t := sc.clock.useful()
	st := sc.clock.stalled
	if t == nil || st.IsZero() {
		return false
	}
	limit := sc.stallLimit(t)
	if m := sc.clock.stallMax; m > 0 {
		limit = m // mayJump's, which may be longer when a goroutine outside is busy
	}
	return now.Sub(st) >= limit
}

// outsideBusy reports whether a managed goroutine outside instrumented
// code was released by the watchdog while working (running or in a
// system call), not waiting.
func (sc *sched) outsideBusy() bool {
	for _, x := range sc.gs.all {
		if x.state == gOutside && x.busy {
			return true
		}
	}
	return false
}

// stallLimit is how long the clock waits in real time for what may still
// come from outside before it moves to t's deadline.
func (sc *sched) stallLimit(t *vtimer) time.Duration {
	return min(time.Duration(t.when-sc.clock.now), time.Duration(sc.cfg.WatchdogMS)*time.Millisecond)
}

// onRealTimer reports whether one of cases is on a channel of time.Time
// that is not a virtual timer's.
func (c *clock) onRealTimer(cases []SelectCase) bool {
	for i := range cases {
		if k := cases[i].k; k != 0 && cases[i].c.timer() && !c.ours[k] {
			return true
		}
	}
	return false
}

// realTimerWaiters reports whether one of gs waits on a channel of
// time.Time that is not a virtual timer's: a real timer's, made by code
// that is not instrumented, which fires in real time. It is not blocked
// for good.
func (sc *sched) realTimerWaiters(gs []*g) bool {
	for _, y := range gs {
		if !y.op.done && y.op.waitsOnChan() && sc.clock.onRealTimer(y.op.cases) {
			return true
		}
	}
	return false
}

// unmanaged is the number of goroutines the scheduler does not manage
// (started by code that is not instrumented, or by the package's
// initialization) that are alive besides the testing package's: they may
// still feed a channel a managed goroutine waits on. Managed goroutines
// that have just ended count for a moment: yields, then short naps, let
// them go. skip of them are not counted.
func (sc *sched) unmanaged(skip int) int { return max(sc.settle(skip, 0, false), 0) }

// settle is unmanaged, napping up to limit in real time (beyond its first
// few naps) for goroutines that have just ended to go; negative when
// fewer than skip are left. With exiting, the managed goroutines that
// ended but have not yet run their last deferred call count too: they
// are not gone either.
func (sc *sched) settle(skip int, limit time.Duration, exiting bool) int {
	var start time.Time
	for i := 0; ; i++ {
		n := runtime.NumGoroutine() - sc.gs.live.n - sc.gs.outside.n - sc.clock.baseGoroutines - skip
		if !exiting {
			n -= int(sc.clock.exiting.Load())
		}
		switch {
		case n <= 0:
			return n
		case i < 8:
			runtime.Gosched()
		case i == 8:
			start = time.Now()
			fallthrough
		case i < 12 || time.Since(start) < limit:
			time.Sleep(20 * time.Microsecond)
		default:
			if exiting {
				sc.clock.gaveUp++
			}
			return n
		}
	}
}

// settleTries is how many moves of the clock after a goroutine ended wait
// for it to go (fire): on a loaded machine its exit can take milliseconds.
const settleTries = 20

// settleEnded waits up to limit in real time for managed goroutines that
// have just ended to go, at settleTries calls at most after an end;
// goroutines not managed that outlast them (not instrumented) are not
// waited for again (stay).
func (sc *sched) settleEnded(skip int, limit time.Duration) {
	c := &sc.clock
	if !c.ended {
		return
	}
	n := sc.settle(skip+c.stay+c.selfEnding, limit, true)
	if c.endedTries--; n <= 0 || c.endedTries <= 0 {
		c.ended = false
		c.stay = max(c.stay+n-int(c.exiting.Load()), 0)
	}
}

// fire fires t: a decision of its own, at t's deadline.
func (sc *sched) fire(t *vtimer) {
	c := &sc.clock
	c.disarm(t)
	c.stalled, c.stallMax, c.stallReal, c.stallNet = time.Time{}, 0, false, false
	if t.when > c.now {
		// Time passes: goroutines that took their last step are gone by
		// now, as after a real sleep (a test that counts them).
		sc.settleEnded(0, min(time.Duration(t.when-c.now), time.Millisecond))
		c.now = t.when
	}
	sc.steps.add(stepRec{g: -int32(t.parent), kind: opFire, site: sc.steps.intern(t.site)})
	if sc.obs != nil {
		sc.obs.fired(t.site)
	}
	sc.progress++
	if sc.expl != nil {
		sc.expl.timerFired(sc, t)
	}
	if t.period > 0 {
		next := t.when + t.period
		if c.endAt >= 0 {
			if t.endFires++; t.endFires >= endTicks {
				next = max(next, c.endAt+endHorizon+t.period)
			}
		}
		c.arm(t, next)
	}
	switch t.kind {
	case timerSleep:
		x := t.sleeper
		x.op.done = true
		sc.set.wakeG(x)
	case timerChan:
		if t.real != nil && !t.real.Stop() {
			return // stopped by code that is not instrumented
		}
		select {
		case t.ch <- c.at(c.now):
			chanModel.of(sc).get(chanKey(t.ch)).waiters.wakeAll(&sc.set)
		default: // a tick nobody took: dropped, as Go drops it
		}
	case timerFunc:
		if t.real != nil && !t.real.Stop() {
			return
		}
		sc.spawnFrom(t.parent, t.site, t.f)
	case timerCtx:
		sc.cancel(t.ctx, errDeadline, nil)
	}
}

// useful is the earliest pending timer whose firing may change something
// (not futile), or nil.
func (c *clock) useful() *vtimer {
	if t := c.timers.top(); t == nil || !t.futile() {
		return t
	}
	var best *vtimer
	for _, t := range c.timers {
		if !t.futile() && (best == nil || t.when < best.when || t.when == best.when && t.seq < best.seq) {
			best = t
		}
	}
	return best
}

// futile reports whether firing t would change nothing: a ticker whose
// channel's buffer is full.
func (t *vtimer) futile() bool {
	return t.kind == timerChan && t.period > 0 && t.real == nil && cap(t.ch) > 0 && len(t.ch) == cap(t.ch)
}

// opFire is a timer's firing in the schedule (goroutine 0).
var opFire = newKind(kindDef{name: "Fire", flags: always})

// spawnFrom starts f on a new managed goroutine created at s on behalf of
// goroutine parent (0: none): an AfterFunc callback, a context's.
func (sc *sched) spawnFrom(parent int, s *Site, f func()) {
	var p *g
	if parent > 0 {
		p = sc.gs.all[parent-1]
	}
	child := sc.newG(s, p)
	child.op = op{kind: opStart, site: s}
	child.t.started = true
	sc.join(child)
	if sc.obs != nil && p != nil {
		sc.obs.started(p, child, s)
	}
	go child.main(f, nil)
}

// timersMayWake reports whether a pending timer may still wake one of the
// blocked goroutines: a sleeper's, a callback's or a context's (which may
// do anything), or a channel timer's whose channel one of them waits on.
func (sc *sched) timersMayWake(blocked []*g) bool {
	for _, t := range sc.clock.timers {
		if t.kind != timerChan {
			return true
		}
		k := chanKey(t.ch)
		for _, y := range blocked {
			for _, cs := range y.op.cases {
				if cs.k == k {
					return true
				}
			}
		}
	}
	return false
}

// Now is time.Now: the virtual clock for a managed goroutine.
func Now(*Site) time.Time {
	g := enter()
	if g == nil {
		return time.Now()
	}
	sc := g.sc
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.clock.at(sc.clock.now)
}

// NowFunc is time.Now used as a function value.
func NowFunc() time.Time { return Now(nil) }

// Since is time.Since.
func Since(t time.Time, s *Site) time.Duration { return Now(s).Sub(t) }

// Until is time.Until.
func Until(t time.Time, s *Site) time.Duration { return t.Sub(Now(s)) }

// Sleep is time.Sleep: the goroutine waits for a timer at now+d.
func Sleep(d time.Duration, s *Site) {
	g := enter()
	if g == nil {
		time.Sleep(d)
		return
	}
	if d <= 0 {
		g.do(opYield, s, nil)
		g.backoff(0)
		return
	}
	sc := g.sc
	sc.mu.Lock()
	t := newTimer(timerSleep, s, g)
	t.sleeper = g
	sc.clock.arm(t, sc.clock.deadline(d))
	sc.mu.Unlock()
	g.do(opSleep, s, t)
}

var (
	// opSleep waits for its timer (the op's obj) to fire.
	opSleep = newKind(kindDef{name: "Sleep",
		canRun: func(*sched, *g) bool { return false }, // until the timer marks it done
		file:   func(*sched, *g) {},                    // woken by the firing
		waitText: func(sc *sched, x *g, _ string) string {
			return "sleep until " + time.Duration(x.op.obj.(*vtimer).when).String()
		},
		explore: (*explorer).didLocal, flags: sleeps})
	// opYield is Sleep(0) or less: a yield.
	opYield = newKind(kindDef{name: "Sleep", explore: (*explorer).didLocal, flags: always | poll})
)
