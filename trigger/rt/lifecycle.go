package rt

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// spawn starts f on a new managed goroutine created at s; after, if not nil,
// runs when f ends (WGGo's Done).
func (x *g) spawn(s *Site, f, after func()) {
	x.do(op{kind: opGo, site: s, cases: nil})
	child := x.op.sub
	go child.main(f, after)
}

// execGo creates the child's record; its first step is opStart.
func (sc *sched) execGo(x *g) {
	child := sc.newG(x.op.site, x)
	child.started = true
	child.op = op{kind: opStart, site: x.op.site}
	sc.join(child)
	if sc.tr != nil {
		sc.tr.goStart(sc, x, child, x.op.site)
	}
	x.op.sub = child
}

// main is the body of a managed goroutine.
func (x *g) main(f, after func()) {
	x.register()
	x.park()
	defer x.exit()
	defer x.catch()
	if after != nil {
		defer after()
	}
	f()
}

// register maps the running Go goroutine to x.
func (x *g) register() {
	sc := x.sc
	gp := getg()
	x.goid.Store(stackGoid())
	sc.mu.Lock()
	x.gp.Store(gp)
	sc.byGP[gp] = x
	sc.mu.Unlock()
}

// exit ends x and passes the token on.
func (x *g) exit() {
	sc := x.sc
	sc.mu.Lock()
	delete(sc.byGP, x.gp.Load())
	if x.state == gOutside {
		sc.outside--
		x.state = gDone
	} else {
		sc.leave(x, gDone)
	}
	if sc.tr != nil {
		sc.tr.end(x)
	}
	sc.progress++
	sc.startGather(x)
	if sc.cur.Load() == x {
		sc.decide(nil)
	}
	sc.mu.Unlock()
}

// catch reports a panic of a managed goroutine with its stack, then
// re-panics.
func (x *g) catch() {
	r := recover()
	if r == nil {
		return
	}
	x.sc.reportPanic(x, r, debug.Stack())
	panic(r)
}

// reportPanic prints a panic in a managed goroutine with the run's
// coordinates, so the schedule that led to it can be replayed.
func (sc *sched) reportPanic(x *g, r any, stack []byte) {
	sc.mu.Lock()
	n := sc.steps.len()
	sc.warn("panic in goroutine %d at step %d: %v", x.id, n, r)
	sc.mu.Unlock()
	fmt.Fprintf(os.Stderr, "deadhunt: panic in goroutine %d (created at %s) at step %d, strategy %s seed %d: %v\n%s\n",
		x.id, x.created, n, sc.cfg.Strategy, sc.cfg.Seed, r, stack)
}

// goOutside takes x out of the decision set while it blocks in code the
// scheduler does not control; x rejoins at its next call.
func (x *g) goOutside(why string) {
	sc := x.sc
	sc.mu.Lock()
	sc.leave(x, gOutside)
	x.why = why
	if why == whyWaitSubtests {
		sc.startGather(x)
	}
	if sc.cur.Load() == x {
		sc.decide(nil)
	}
	sc.mu.Unlock()
}

// startTest registers the test's goroutine (ID 1 in a fresh process).
func (sc *sched) startTest(name string, site *Site) *g {
	sc.mu.Lock()
	sc.makeHolds()
	x := sc.newG(site, nil)
	x.started = true
	sc.test = name
	if sc.tr != nil {
		sc.tr.startRun(name)
	}
	x.gp.Store(getg())
	x.goid.Store(stackGoid())
	sc.byGP[x.gp.Load()] = x
	sc.mu.Unlock()
	x.do(op{kind: opStart, site: site})
	return x
}

// callerSite is the position of the caller's caller, for the test's
// goroutine whose creation no instrumented call records.
func callerSite(skip int) *Site {
	pc, file, line, ok := runtime.Caller(skip + 1)
	if !ok {
		return nil
	}
	s := &Site{File: file, Line: line, Op: "TestStart"}
	if fn := runtime.FuncForPC(pc); fn != nil {
		s.Func = fn.Name()
	}
	return s
}

// endTest lets the goroutines the test leaked run until they finish or
// block, polls channel waiters fed from outside for a grace period, then
// detects deadlocks and writes the result. x leaves the scheduler.
func (x *g) endTest(panicked bool) {
	sc := x.sc
	sc.mu.Lock()
	sc.endBy = time.Now().Add(4 * sc.grace())
	sc.mu.Unlock()
	for !panicked {
		x.do(op{kind: opTestEnd, site: x.created})
		sc.mu.Lock()
		sc.checkCycle() // a certain deadlock needs no grace period
		sc.mu.Unlock()
		if time.Now().After(sc.endBy) || !sc.pollFor(x, sc.grace()) {
			break
		}
	}
	sc.mu.Lock()
	switch {
	case panicked:
	case sc.othersEnabled(x):
		// Leaked goroutines keep running (or keep being woken from
		// outside): only a lock cycle among the blocked ones is certain.
		sc.warn("%d goroutines still running when the test ended; they go on unchecked", sc.countEnabled(x))
		if c := sc.findCycle(sc.blockedGs()); c != nil {
			if kind := sc.cycleKind(c); kind != "mixed" && kind != "blocked" && sc.cycleCertain(kind, c) {
				sc.deadlock(sc.cycleFinding(kind, c))
			}
		}
	default:
		sc.checkStuck(true)
	}
	sc.writeResultLocked(nil)
	delete(sc.byGP, x.gp.Load())
	if x.state == gLive {
		sc.leave(x, gDone)
	} else {
		sc.outside--
		x.state = gDone
	}
	if sc.cur.Load() == x {
		sc.decide(nil)
	}
	sc.mu.Unlock()
}

// grace is how long channel operations fed from outside the scheduler
// (timers, uninstrumented goroutines) are polled before goroutines blocked
// on them count as blocked for good.
func (sc *sched) grace() time.Duration {
	return 10 * time.Duration(sc.cfg.WatchdogMS) * time.Millisecond
}

// pollFor polls blocked channel operations for up to d while x holds the
// token and nothing else is enabled; it reports whether something became
// enabled (a poll succeeded, an unmanaged goroutine's Done or Signal woke a
// waiter, a goroutine rejoined).
func (sc *sched) pollFor(x *g, d time.Duration) bool {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if len(sc.blockedGs()) == 0 {
		return false
	}
	x.napping.Store(true)
	defer x.napping.Store(false)
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if sc.poll() || sc.othersEnabled(x) {
			return true
		}
		sc.mu.Unlock()
		time.Sleep(time.Millisecond)
		sc.mu.Lock()
	}
	return false
}

func (sc *sched) countEnabled(x *g) int {
	n := 0
	for _, y := range sc.liveGs() {
		if y != x && sc.canRun(y) && !sc.sleeping(y) {
			n++
		}
	}
	return n
}

func (sc *sched) othersEnabled(x *g) bool {
	for _, y := range sc.liveGs() {
		if y != x && sc.canRun(y) && !sc.sleeping(y) {
			return true
		}
	}
	return false
}

// run is t.Run for a managed goroutine: the subtest runs on a goroutine the
// testing package creates, which joins the scheduler as a new managed
// goroutine; x waits for it in the model (opRunWait) while really blocked
// in t.Run.
func (x *g) run(t *testing.T, name string, f func(*testing.T), s *Site) bool {
	x.do(op{kind: opRun, site: s})
	sub := x.op.sub
	sc := x.sc
	sc.mu.Lock()
	x.op = op{kind: opRunWait, site: s, sub: sub}
	sc.decide(x)
	sc.mu.Unlock()
	ok := t.Run(name, func(t *testing.T) { sub.runSub(t, f) })
	sc.mu.Lock()
	if !sub.started { // filtered out: testing never ran it
		sub.started = true
		sc.leave(sub, gDone)
		if c := sc.cur.Load(); c == nil || c == sub {
			sc.decide(nil)
		}
	}
	sc.mu.Unlock()
	x.park() // x is chosen (sub done or paused) by someone else's decision
	return ok
}

// execRun creates the subtest's record; its first step is opStart, taken
// when testing has started its goroutine.
func (sc *sched) execRun(x *g) {
	sub := sc.newG(x.op.site, x)
	sub.op = op{kind: opStart, site: x.op.site}
	sc.join(sub)
	if sc.tr != nil {
		sc.tr.goStart(sc, x, sub, x.op.site)
	}
	x.op.sub = sub
}

// runSub is the body of a managed subtest.
func (x *g) runSub(t *testing.T, f func(*testing.T)) {
	sc := x.sc
	sc.mu.Lock()
	x.started = true
	sc.mu.Unlock()
	x.register()
	x.park()
	defer x.exit()
	defer x.catch()
	f(t)
}

// parallel is t.Parallel: x pauses outside the scheduler (its parent goes
// on) and rejoins when testing resumes it.
func (x *g) parallel(t *testing.T, s *Site) {
	sc := x.sc
	sc.mu.Lock()
	x.paused = true
	if x.parent > 0 {
		sc.all[x.parent-1].pausedKids++
	}
	sc.mu.Unlock()
	x.goOutside(whyParallel)
	t.Parallel()
	x.do(op{kind: opParallel, site: s})
}

// whyParallel marks a subtest paused in t.Parallel that has not rejoined;
// whyWaitSubtests a test whose function has returned while testing runs
// its parallel subtests.
const (
	whyParallel     = "t.Parallel"
	whyWaitSubtests = "waiting for parallel subtests"
)

// When a test's function returns (or a subtest's), testing releases its
// paused parallel subtests together, and they rejoin the scheduler in the
// order the Go scheduler runs them. A decision taken before all are back
// would depend on that order and a replay could diverge, so decisions are
// held until every released subtest has rejoined, or for gatherBound at
// most (one may wait for a -test.parallel slot).

// gatherBound is the longest decisions are held for released subtests.
func (sc *sched) gatherBound() time.Duration {
	return 4 * time.Duration(sc.cfg.WatchdogMS) * time.Millisecond
}

// startGather holds decisions if x, leaving, has paused subtests: testing
// is about to release them. Called with sc.mu held.
func (sc *sched) startGather(x *g) {
	if sc.pausedChild(x.id) {
		sc.gatherFor = x.id
		sc.gatherBy = time.Now().Add(sc.gatherBound())
		sc.idleAt = time.Now()
	}
}

// gathering reports whether decisions are held for released subtests
// that have not rejoined yet; it ends the hold when all are back or the
// bound has passed. Called with sc.mu held.
func (sc *sched) gathering() bool {
	if sc.gatherBy.IsZero() {
		return false
	}
	if time.Now().After(sc.gatherBy) || !sc.pausedChild(sc.gatherFor) {
		sc.gatherBy = time.Time{}
		return false
	}
	return true
}

// pausedChild reports whether goroutine id has a subtest paused in
// t.Parallel that has not rejoined.
func (sc *sched) pausedChild(id int) bool {
	return id > 0 && sc.all[id-1].pausedKids > 0
}

// rejoined counts a paused subtest back (from join, with sc.mu held).
func (sc *sched) rejoined(x *g) {
	if x.why == whyParallel {
		x.why = ""
		if x.parent > 0 {
			sc.all[x.parent-1].pausedKids--
		}
	}
}

// hasPaused reports whether x has a subtest paused in t.Parallel, which
// testing runs once x's function has returned.
func (sc *sched) hasPaused(x *g) bool {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.pausedChild(x.id)
}

// backoff follows a yield (Sleep, Gosched): a goroutine that keeps polling
// with nothing else to run really waits a little, so that what it waits for
// outside the scheduler (a timer, the network) can happen without burning a
// core.
func (x *g) backoff(d time.Duration) {
	if x.spins < 100 || x.spins%16 != 0 {
		return
	}
	x.napping.Store(true)
	time.Sleep(min(max(d, 50*time.Microsecond), time.Millisecond))
	x.napping.Store(false)
}
