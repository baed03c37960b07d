package rt

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Tests and subtests: the test's goroutine joins at TestStart and waits
// for the goroutines it leaked at its end; subtests run on goroutines the
// testing package creates, which join as new managed goroutines.

// TestStart registers the test's goroutine with the scheduler; the function
// it returns, deferred, keeps goroutines leaked by the test running until
// they finish or block, detects deadlocks among them and writes the result.
func TestStart(t *testing.T) func() {
	sc := active()
	if sc == nil {
		if p := counting.Load(); p != nil {
			p.startTest(t)
		}
		return func() {}
	}
	g := sc.startTest(t.Name(), t.Failed, callerSite(1))
	panicked := false
	t.Cleanup(func() { g.endTest(panicked, t.Failed()) }) // registered first: runs after the test's own cleanups
	return func() {
		if r := recover(); r != nil {
			panicked = true
			sc.reportPanic(g, r, debug.Stack())
			panic(r)
		}
		if sc.hasPaused(g) { // testing now waits for them: do not hold the token
			g.goOutside(whyWaitSubtests)
		}
	}
}

// Run is t.Run: the subtest's goroutine is managed.
func Run(t *testing.T, name string, f func(*testing.T), s *Site) bool {
	g := enter()
	if g == nil {
		return t.Run(name, f)
	}
	return g.run(t, name, f, s)
}

// Parallel is t.Parallel: the test pauses outside the scheduler until its
// parent's sequential part is done.
func Parallel(t *testing.T, s *Site) {
	g := enter()
	if g == nil {
		t.Parallel()
		return
	}
	g.parallel(t, s)
}

var (
	opRun = newKind(kindDef{name: "Run", exec: execRun, explore: (*explorer).didLocal, flags: always})
	// opRunWait: the parent waits for its subtest to end or pause, while
	// really blocked in t.Run. It is not filed under an object: the
	// subtest's state changes in this file.
	opRunWait = newKind(kindDef{name: "RunWait",
		canRun: func(sc *sched, x *g) bool {
			sub := x.op.obj.(*g)
			return sub.state == gDone || sub.t.paused
		},
		waitsFor: func(sc *sched, x *g) ([]*g, edgeKind) { return []*g{x.op.obj.(*g)}, edgeOther },
		waitText: func(sc *sched, x *g, who string) string { return "subtest in" + who },
		explore:  (*explorer).didLocal, flags: moves})
	opParallel = newKind(kindDef{name: "Parallel", explore: (*explorer).didLocal, flags: always})
	// opTestEnd: the test's goroutine at its end, letting the goroutines
	// it leaked run first.
	opTestEnd = newKind(kindDef{name: "TestEnd", explore: (*explorer).didLocal, flags: ending})
)

// subtest is where a managed goroutine stands as a test.
type subtest struct {
	started bool // its code runs (false for a subtest record whose goroutine testing has not started)
	paused  bool // paused in t.Parallel: its parent may go on
	// pausedKids counts its subtests paused in t.Parallel that have not
	// rejoined.
	pausedKids int
}

// startTest registers the test's goroutine (ID 1 in a fresh process).
func (sc *sched) startTest(name string, failed func() bool, site *Site) *g {
	sc.mu.Lock()
	sc.makeHolds()
	x := sc.newG(site, nil)
	x.t.started = true
	sc.test, sc.failed = name, failed
	// Virtual time starts now, not when the scheduler was made (before the
	// test package's initialization): a time read in a package variable's
	// initializer is never after a managed goroutine's Now.
	// A replay starts it where the witness's run did (clock-seeded
	// generators then draw alike).
	sc.clock.base = time.Now()
	if sc.clock.replayBase != 0 {
		b := time.Unix(0, sc.clock.replayBase)
		sc.clock.base, sc.clock.replayShift = b, sc.clock.base.Sub(b)
	}
	// The testing package's goroutines and the watchdog's are not managed.
	// The goroutines the package's initialization started through
	// instrumented go statements are not counted among them: they may
	// still feed what the test waits for (unmanaged).
	sc.clock.testStarted.Store(true)
	sc.clock.baseGoroutines = runtime.NumGoroutine() - 1 - int(sc.clock.initAlive.Load())
	if !sc.dog.running {
		sc.clock.baseGoroutines++
	}
	if sc.obs != nil {
		sc.obs.startRun(name)
	}
	x.gp.Store(getg())
	x.gptr.Store((*byte)(getgp()))
	x.goid.Store(curGoid())
	sc.gs.byGP[x.gp.Load()] = x
	sc.mu.Unlock()
	x.do(opStart, site, nil)
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
// failed says whether the test failed (panicked: by a panic).
func (x *g) endTest(panicked, failed bool) {
	sc := x.sc
	sc.mu.Lock()
	sc.endTimeout(panicked || failed)
	sc.life.cpu, sc.life.cpuReadAt = cpuTime(), wallNow()
	sc.life.endBy = sc.life.cpu + 4*sc.grace()
	sc.life.leakBy = sc.life.cpuReadAt.Add(4 * sc.grace()) // in wall time, as endDue reads it
	if b := time.Duration(sc.cfg.BoundMS) * time.Millisecond; b > 0 && sc.life.start.Add(b/2).After(sc.life.leakBy) {
		sc.life.leakBy = sc.life.start.Add(b / 2)
	}
	sc.clock.endAt, sc.clock.endSeq = sc.clock.now, sc.clock.seq
	sc.life.endStep = sc.steps.len()
	if sc.tr != nil {
		sc.tr.testEnded(sc.life.endStep)
	}
	sc.life.endOps = map[*g]uint32{}
	for _, y := range sc.gs.liveList() {
		sc.life.endOps[y] = y.opSeq
	}
	sc.mu.Unlock()
	byTime := false // the end came in real time, not where the steps or the clock put it
	for !panicked {
		x.do(opTestEnd, x.created, nil)
		sc.mu.Lock()
		sc.checkCycle() // a certain deadlock needs no grace period
		spent := sc.endStepsSpent()
		byTime = !spent && !sc.replaying() && sc.cpuNow() > sc.life.endBy
		sc.mu.Unlock()
		if spent || byTime || !sc.pollFor(x, sc.grace()) {
			break
		}
	}
	sc.mu.Lock()
	running := 0
	if !panicked {
		running = sc.countEnabled(x, -1)
	}
	switch {
	case panicked:
	case running > 0:
		// Leaked goroutines keep running (or keep being woken from
		// outside): only a lock cycle among the blocked ones is certain.
		sc.life.endRunning = running
		if c := sc.findCycle(sc.blockedGs()); c != nil {
			if kind := sc.cycleKind(c); kind != wire.Mixed && kind != wire.Blocked && sc.cycleCertain(kind, c) {
				sc.deadlock(sc.cycleFinding(kind, c))
			}
		}
	default:
		sc.checkStuck(true)
	}
	if !panicked {
		sc.warnLostUnlocks()
		if !byTime {
			sc.lingering(x)
		}
	}
	if running > 0 {
		sc.warn("%d goroutines still running when the test ended; they go on unchecked", running)
	}
	sc.writeResultLocked(nil)
	sc.retire(x)
	if sc.cur.Load() == x {
		sc.decide(nil)
	}
	sc.mu.Unlock()
}

// lingering reports, as a leak, the goroutines the test left that kept
// working after it (they began lingerOps operations after its end: a retry loop on
// timers whose context nobody cancels, a janitor whose ticker is never
// stopped, a spinning reader) and are still alive when their time after
// its end has run out (the steps allowed, or the clock at its horizon;
// not a real-time limit, which a replay would not meet at the same step).
// A leak check after the test finds them too. A goroutine that only waits
// (an hour's sleep, a long timer) is left alone, as before; nothing is
// said while something outside the scheduler (a goroutine outside, one
// not managed, a real timer) may still end them. Called with sc.mu held
// after the test's end; does not return if it reports.
func (sc *sched) lingering(x *g) {
	// lingerOps is how many operations a goroutine begins after the
	// test's end to count as working: a few are a goroutine finishing
	// its job before it sleeps (a counter's update, then an hour's
	// sleep); a loop begins thousands.
	const lingerOps = 16
	var left []*g
	for _, y := range sc.gs.liveList() {
		if y != x && y.opSeq >= sc.life.endOps[y]+lingerOps {
			left = append(left, y)
		}
	}
	if len(left) == 0 || sc.gs.outside.n > 0 || sc.unmanaged(0) > 0 || sc.realTimerWaiters(sc.gs.liveList()) {
		return
	}
	f := sc.blockedFinding(left)
	f.Kind, f.Lingering = wire.Blocked, true
	// They do not wait: say what they keep doing, not what their next
	// operation would wait for.
	msgs := make([]string, len(left))
	for i, y := range left {
		next := y.op.kind.String()
		if c := lockClass(y); c != "" {
			next += " of " + c
		}
		msgs[i] = fmt.Sprintf("goroutine %d still working after the test ended (%d operations since; next: %s at %s)",
			y.id, y.opSeq-sc.life.endOps[y], next, y.op.site)
		f.Goroutines[i].WaitsFor = ""
	}
	f.Message = strings.Join(msgs, "; ")
	sc.deadlock(f)
}

// endDue reports whether the test's end may step although other
// goroutines can (idle: only spinners can): after endBy if only spinners
// are left, after leakBy too otherwise; in a replay, where its schedule
// has it. Called with sc.mu held.
func (sc *sched) endDue(idle bool) bool {
	if sc.replaying() {
		return sc.endStepsSpent() // the schedule places the end (replayWants), not the machine's speed
	}
	return sc.cpuNow() > sc.life.endBy && (idle || wallNow().After(sc.life.leakBy)) || sc.endStepsSpent()
}

// cpuNow is the process's CPU time, read again only once a millisecond
// of wall time has passed (a read is a system call, about 900 ns, made at
// every decision after the test's end; the end's deadlines are hundreds
// of milliseconds). Called with sc.mu held.
func (sc *sched) cpuNow() time.Duration {
	if now := wallNow(); now.Sub(sc.life.cpuReadAt) >= time.Millisecond {
		sc.life.cpu, sc.life.cpuReadAt = cpuTime(), now
	}
	return sc.life.cpu
}

// endStepsSpent reports whether the goroutines the test leaked have taken
// the steps the configuration allows them after its end (EndSteps).
// Called with sc.mu held.
func (sc *sched) endStepsSpent() bool {
	if sc.clock.endAt < 0 {
		return false
	}
	if r, ok := sc.strat.(*replay); ok && r.over() {
		return true // the recorded run's time after the test ended there
	}
	return sc.cfg.EndSteps > 0 && sc.steps.len()-sc.life.endStep >= sc.cfg.EndSteps
}

// replaying reports whether a replay follows its schedule (it has not
// diverged): where the test's end comes is then the schedule's, never
// the real time the leaked goroutines took.
func (sc *sched) replaying() bool {
	r, ok := sc.strat.(*replay)
	return ok && !r.diverged
}

// replayWants reports whether a replay's schedule has x step next (x: the
// test waiting for its end).
func (sc *sched) replayWants(x *g) bool {
	r, ok := sc.strat.(*replay)
	return ok && r.wants(x)
}

// grace is how long channel operations fed from outside the scheduler
// (timers, uninstrumented goroutines) are polled before goroutines blocked
// on them count as blocked for good: time the polling loop ran
// (idleCredit), so longer in real time on a loaded machine.
func (sc *sched) grace() time.Duration {
	return 10 * time.Duration(sc.cfg.WatchdogMS) * time.Millisecond
}

// graceOver reports whether an idle scheduler's grace period is over
// after credited: the whole of it while something the scheduler does not
// see may still come (a goroutine outside or not managed, a real timer);
// else a fifth, for a real timer of code that is not instrumented, which
// nothing counts. A deadlocking run then ends in a tenth of a second, not
// half a second, while the hunt's other process goes on. What may still
// come is looked at only once the fifth has passed.
func (sc *sched) graceOver(credited time.Duration) bool {
	g := sc.grace()
	return credited >= g || credited >= g/5 && !sc.outsideMayCome(sc.blockedGs())
}

// pollFor polls blocked channel operations for up to d while x holds the
// token and nothing else is enabled; it reports whether something became
// enabled (a poll succeeded, an unmanaged goroutine's Done or Signal woke a
// waiter, a goroutine rejoined).
func (sc *sched) pollFor(x *g, d time.Duration) bool {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	blocked := sc.blockedGs()
	if len(blocked) == 0 || !sc.outsideMayCome(blocked) {
		return false
	}
	x.napping.Store(true)
	defer x.napping.Store(false)
	sc.life.endPolls++
	var c idleCredit // d counts the turns this loop got, as the watchdog's grace
	for from := time.Now(); c.turn(from, time.Now()) < d; {
		if sc.poll() || sc.othersEnabled(x) {
			return true
		}
		sc.mu.Unlock()
		time.Sleep(time.Millisecond)
		sc.mu.Lock()
	}
	return false
}

// outsideMayCome reports whether something outside the scheduler may
// still wake one of the blocked goroutines: a managed goroutine outside
// instrumented code, a goroutine the scheduler does not manage, a real
// timer's channel. A goroutine that waits only for the virtual clock (a
// leaked janitor's ticker, its next tick past the end's horizon) cannot
// be woken from outside, and polling for it would cost a grace period in
// every run. Called with sc.mu held.
func (sc *sched) outsideMayCome(blocked []*g) bool {
	return sc.gs.outside.n > 0 || sc.unmanaged(0) > 0 || sc.realTimerWaiters(blocked)
}

// countEnabled counts the live goroutines other than x that can step, up
// to most.
func (sc *sched) countEnabled(x *g, most int) int {
	n := 0
	for _, y := range sc.gs.liveList() {
		if y != x && sc.canRun(y) {
			if n++; n == most {
				break
			}
		}
	}
	return n
}

func (sc *sched) othersEnabled(x *g) bool { return sc.countEnabled(x, 1) > 0 }

// run is t.Run for a managed goroutine: the subtest runs on a goroutine the
// testing package creates, which joins the scheduler as a new managed
// goroutine; x waits for it in the model (opRunWait) while really blocked
// in t.Run.
func (x *g) run(t *testing.T, name string, f func(*testing.T), s *Site) bool {
	x.do(opRun, s, nil)
	sub := x.op.sub
	sc := x.sc
	sc.mu.Lock()
	x.op = op{kind: opRunWait, site: s, obj: sub}
	sc.decide(x)
	sc.mu.Unlock()
	ok := t.Run(name, func(t *testing.T) { sub.runSub(t, f) })
	sc.mu.Lock()
	if !sub.t.started { // filtered out: testing never ran it
		sub.t.started = true
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
func execRun(sc *sched, x *g) bool {
	sc.startChild(x)
	return true
}

// runSub is the body of a managed subtest.
func (x *g) runSub(t *testing.T, f func(*testing.T)) {
	sc := x.sc
	sc.mu.Lock()
	x.t.started = true
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
	x.t.paused = true
	if x.parent > 0 {
		sc.gs.all[x.parent-1].t.pausedKids++
	}
	sc.mu.Unlock()
	x.goOutside(whyParallel)
	t.Parallel()
	x.do(opParallel, s, nil)
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

// cpuTime reads the process's CPU time (processCPU), wallNow the time
// (leakBy's); tests replace them.
var (
	cpuTime = processCPU
	wallNow = time.Now
)

// processStart stands for the process's start where its CPU time is not
// read (cputime_other.go).
var processStart = time.Now()

// ends are the scheduler's times and holds around the ends of tests.
type ends struct {
	start  time.Time // when the run began
	idleAt time.Time // when the scheduler last went idle
	// endBy is when the test's end hook stops waiting for leaked
	// goroutines, in the process's CPU time (cpuTime); cpu is that time
	// as last read, at cpuReadAt (cpuNow).
	endBy, cpu time.Duration
	cpuReadAt  time.Time
	// leakBy is how long leaked goroutines that still make progress (not
	// only spinners) may run after endBy: half the run's bound, so that
	// one that blocks for good after a long computation is still seen.
	leakBy time.Time
	// endStep is the step at which the test ended; endRunning counts
	// the leaked goroutines still running when the end stopped waiting
	// for them.
	endStep, endRunning int
	// endOps holds each live goroutine's operations begun (opSeq) when
	// the test ended (lingering).
	endOps map[*g]uint32
	// endPolls counts the polls for what may come from outside
	// (pollFor) that napped.
	endPolls int
	// gatherBy and gatherFor hold decisions while the parallel subtests
	// of goroutine gatherFor, released together, rejoin.
	gatherBy  time.Time
	gatherFor int
}

// gatherBound is the longest decisions are held for released subtests.
func (sc *sched) gatherBound() time.Duration {
	return 4 * time.Duration(sc.cfg.WatchdogMS) * time.Millisecond
}

// startGather holds decisions if x, leaving, has paused subtests: testing
// is about to release them. Called with sc.mu held.
func (sc *sched) startGather(x *g) {
	if sc.pausedChild(x.id) {
		sc.life.gatherFor = x.id
		sc.life.gatherBy = time.Now().Add(sc.gatherBound())
		sc.life.idleAt = time.Now()
	}
}

// gathering reports whether decisions are held for released subtests
// that have not rejoined yet; it ends the hold when all are back or the
// bound has passed. Called with sc.mu held.
func (sc *sched) gathering() bool {
	if sc.life.gatherBy.IsZero() {
		return false
	}
	if time.Now().After(sc.life.gatherBy) || !sc.pausedChild(sc.life.gatherFor) {
		sc.life.gatherBy = time.Time{}
		return false
	}
	return true
}

// pausedChild reports whether goroutine id has a subtest paused in
// t.Parallel that has not rejoined.
func (sc *sched) pausedChild(id int) bool {
	return id > 0 && sc.gs.all[id-1].t.pausedKids > 0
}

// rejoined counts a paused subtest back (from join, with sc.mu held).
func (sc *sched) rejoined(x *g) {
	if x.why == whyParallel {
		x.why = ""
		if x.parent > 0 {
			sc.gs.all[x.parent-1].t.pausedKids--
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

// bubblePrefix starts the warning a run gives when it enters a
// testing/synctest bubble: the position of the call follows.
const bubblePrefix = "synctest bubble entered at "

// InBubble is the function passed to synctest.Test or synctest.Run at s,
// returned as it is: the run notes that it entered the bubble, whose
// goroutines are outside the scheduler's control.
func InBubble[F any](f F, s *Site) F {
	if sc := active(); sc != nil {
		sc.mu.Lock()
		sc.warnOnce(bubblePrefix + s.String())
		sc.mu.Unlock()
	}
	return f
}
