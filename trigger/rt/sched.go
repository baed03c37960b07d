package rt

import (
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// current is the active scheduler; nil means pass-through.
var current atomic.Pointer[sched]

func active() *sched { return current.Load() }

func init() {
	name := os.Getenv("DEADHUNT_CONFIG")
	if name == "" {
		return
	}
	cfg, err := loadConfig(name)
	if err == nil && cfg.Strategy == plainStrategy {
		p := &plainRun{cfg: cfg}
		counting.Store(p)
		p.armBound()
		return
	}
	if err == nil {
		goidOffset = findGoidOffset()
		gLayoutOf() // probes before the test runs, as findGoidOffset
		var sc *sched
		if sc, err = newSched(cfg); err == nil {
			sc.install()
			sc.armBound()
			return
		}
	}
	fmt.Fprintf(os.Stderr, "deadhunt: %v\n", err)
	os.Exit(2)
}

// sched is the serializing scheduler. Its core, here, is the managed
// goroutines, the enabled set, the token, the strategy that chooses among
// the enabled goroutines and the log of its choices. The synchronization
// objects are modelled by their primitives (models.go), which it asks
// through the op table (op.go); what the run concludes is its verdict
// (verdict.go); who hears what the model does, its observers (observe.go).
type sched struct {
	mu    sync.Mutex
	cfg   config
	strat strategy
	cur   atomic.Pointer[g] // the goroutine holding the token; nil when idle
	gs    goroutines
	set   enabledSet
	verdict
	observers
	count    counts
	progress int         // bumped by every decision and rejoin (watchdog)
	soles    int         // decisions taken by chooseSole
	sole     soleChooser // the strategy, if it can take them (nil: never)
	clock    clock       // virtual time, advanced by every decision, and the timers
	models
	steps stepLog
	draws draws // the values decided besides the next goroutine (draw.go)
	test  string
	life  ends
	hand  handover
	goOn  goOn
	dog   watch
	bound boundState
	// failed reports whether the test has failed so far (t.Failed);
	// timedOut is the state a timeout ended (timeout.go).
	failed   func() bool
	timedOut *timeoutHang
}

// newSched builds a scheduler for cfg.
func newSched(cfg config) (*sched, error) {
	if err := check(&cfg); err != nil {
		return nil, err
	}
	sc := &sched{
		cfg:   cfg,
		gs:    goroutines{byGP: map[uintptr]*g{}},
		steps: newStepLog(),
		draws: newDraws(cfg.Seed),
		dog:   newWatch(),
		life:  ends{start: time.Now()},
	}
	sc.set.enAll = &sc.gs.all
	sc.clock = newClock()
	sc.clock.reach = reachOf(sc.phase())
	sc.makeModels()
	sc.verdict = verdict{dumped: make(chan struct{}), onDeadlock: sc.exitDeadlock}
	strat, err := newStrategy(sc, cfg)
	if err != nil {
		return nil, err
	}
	sc.strat = strat
	switch s := strat.(type) {
	case *pct, *randomWalk: // not directed, which has pct's methods but a view of its own
		sc.sole = s.(soleChooser)
	}
	if w, ok := strat.(enWatcher); ok {
		sc.set.obs = w
	}
	if len(cfg.Target.Classes)+len(cfg.Target.Sites) > 0 {
		sc.count.isTarget = targetFilter(*cfg.Target)
	}
	if err := sc.observers.open(cfg, &sc.steps); err != nil {
		return nil, err
	}
	return sc, nil
}

// install makes sc the active scheduler.
func (sc *sched) install() {
	current.Store(sc)
}

// enter identifies the calling goroutine: the managed goroutine, or nil for
// pass-through (no configuration, a plain run, an unmanaged goroutine).
func enter() *g {
	sc := current.Load()
	if sc == nil {
		if p := counting.Load(); p != nil {
			p.steps.Add(1)
		}
		return nil
	}
	gp := getg()
	if c := sc.cur.Load(); c != nil && c.gp.Load() == gp {
		return c
	}
	sc.dog.interruptIfWaiting()
	sc.mu.Lock()
	x := sc.gs.byGP[gp]
	sc.mu.Unlock()
	return x
}

// newG creates a managed goroutine record (state gOutside until it joins).
func (sc *sched) newG(created *Site, parent *g) *g {
	x := &g{id: len(sc.gs.all) + 1, sc: sc, state: gOutside, created: created}
	x.parked.wake = make(chan wakeMsg, 1)
	if parent != nil {
		x.parent = parent.id
	}
	sc.gs.all = append(sc.gs.all, x)
	sc.gs.outside.add(x.id)
	if sc.expl != nil {
		sc.expl.born(x)
	}
	sc.strat.newG(x)
	return x
}

// join moves x into the decision set (from gOutside).
func (sc *sched) join(x *g) {
	sc.wakeWatchdog()
	sc.gs.outside.remove(x.id)
	x.state = gLive
	x.busy = false
	sc.rejoined(x)
	sc.gs.live.add(x.id)
	sc.set.toReady(x)
	sc.progress++
}

// leave removes x from the decision set.
func (sc *sched) leave(x *g, to gState) {
	if to == gOutside {
		sc.touch(x) // it may have been the partner its watchers step with
	}
	sc.gs.live.remove(x.id)
	sc.set.unset(x)
	x.state = to
	if to == gDone && sc.expl != nil {
		sc.expl.finished(x)
	}
	if to == gOutside {
		sc.gs.outside.add(x.id)
	}
}

// retire marks x, live or outside, done.
func (sc *sched) retire(x *g) {
	delete(sc.gs.byGP, x.gp.Load())
	// The run keeps x; not the objects of its last operation.
	x.op.obj, x.op.rec, x.op.val, x.op.cases = nil, nil, nil, nil
	x.one = [1]SelectCase{} // its last Send's or Recv's channel
	if x.state == gOutside {
		sc.gs.outside.remove(x.id)
		x.state = gDone
		if sc.expl != nil {
			sc.expl.finished(x)
		}
	} else {
		sc.leave(x, gDone)
	}
}

// canRun reports whether x's pending operation can take a step now: its
// primitive says.
func (sc *sched) canRun(x *g) bool {
	if x.op.done {
		return true
	}
	f := kinds[x.op.kind].canRun
	return f == nil || f(sc, x)
}

// exec applies x's chosen operation to the model; false means the operation
// now waits in a later phase and x needs another step.
func (sc *sched) exec(x *g) bool {
	if x.op.done {
		return true
	}
	f := kinds[x.op.kind].exec
	return f == nil || f(sc, x)
}

// do performs a scheduling point for x: an operation of kind k at site s
// on obj. It waits until the strategy chooses x and then applies the
// operation to the model; x.op holds the result.
func (x *g) do(k opKind, s *Site, obj any) { x.perform(k, s, obj, 0, nil, false) }

// doN is do with the operation's number (a WaitGroup's delta, a wake time).
func (x *g) doN(k opKind, s *Site, obj any, n int64) { x.perform(k, s, obj, n, nil, false) }

// doSelect is do for a channel operation over cases.
func (x *g) doSelect(k opKind, s *Site, cases []SelectCase, hasDefault bool) {
	x.perform(k, s, nil, 0, cases, hasDefault)
}

// perform is do with every argument. The op is written in place, field by
// field, not built elsewhere and copied: this is every operation's path.
func (x *g) perform(k opKind, s *Site, obj any, n int64, cases []SelectCase, hasDefault bool) {
	sc := x.sc
	sc.dog.interruptIfWaiting()
	sc.mu.Lock()
	o := &x.op
	*o = op{}
	o.kind, o.site, o.obj, o.n, o.cases, o.hasDefault = k, s, obj, n, cases, hasDefault
	if s != nil && !s.hit {
		s.hit = true // for leak findings' release hints (releasers.go); written once, not at every step
	}
	x.opSeq++
	if sc.obs != nil {
		sc.obs.arrived(x)
	}
	realTimer := cases != nil && sc.clock.onRealTimer(cases)
	if realTimer {
		sc.clock.realWaiters++
	}
	waited := !sc.canRun(x)
	if waited && o.isAcquire() {
		sc.noteWaiting(x)
	}
	decide := true
	if x.state == gOutside {
		sc.join(x)
		decide = sc.cur.Load() == nil
	} else {
		sc.set.toReady(x)
	}
	if o.waitsOnChan() {
		sc.offer(x)
	}
	// The first decision need not ask x's primitive again: joining and
	// offering cannot change whether x's own operation can step.
	sc.set.self, sc.set.selfRuns = x, !waited
	var c *coro
	for tries := 0; ; tries++ {
		if verifySets && tries > 1000 { // tests: a failure, not a hang holding sc.mu
			sc.mu.Unlock()
			panic("invariant violation: rt: chosen 1,000 times in a row and unable to step: " + x.op.kind.String())
		}
		if decide {
			if next := sc.choose(x); next != nil && next != x {
				c = sc.handTo(x, next)
			}
		}
		sc.set.self = nil
		decide = true
		if sc.cur.Load() != x {
			tries = 0 // it waited: chosen again later, not in a row
			sc.mu.Unlock()
			if c != nil {
				coroswitch(c)
				x.resumed()
				c = nil
			} else {
				x.park()
			}
			sc.mu.Lock()
		}
		if sc.exec(x) {
			break
		}
		// It could not step after all: evaluate it again, not as an
		// operation that stays able to.
		x.op.stable = false
	}
	sc.countSpin(x, waited)
	if sc.expl != nil {
		sc.expl.did(x)
	}
	if realTimer {
		sc.clock.realWaiters--
	}
	sc.mu.Unlock()
}

// spinning reports whether x is a spinner at its poll.
func spinning(x *g) bool { return x.spins >= spinLimit && x.op.isPollKind() }

// countSpin tracks spin loops: polls (failed TryLock, Gosched, Sleep, a
// select's default) count; a poll that succeeds or an operation that had to
// wait for another goroutine is progress and resets the count. Operations
// that complete at once (a free Lock, an Unlock) do not reset it: a loop
// "Lock a; TryLock b fails; Unlock a; Gosched" spins; starting a goroutine
// does.
func (sc *sched) countSpin(x *g, waited bool) {
	switch {
	case x.op.isPoll():
		x.spins++
		if x.spins == spinLimit {
			sc.strat.demote(x)
		}
	case waited || x.op.isPollKind() || x.op.kind.has(progress):
		x.spins = 0
	}
}

// spinLimit is the number of consecutive polls after which a goroutine is
// demoted and yields to the others.
const spinLimit = 4

// decide lets the strategy choose the next goroutine among the enabled ones
// and hands it the token; self is the deciding goroutine (it does not need
// waking), or nil. With nothing enabled it looks for a deadlock and goes idle.
func (sc *sched) decide(self *g) {
	if next := sc.choose(self); next != nil && next != self {
		sc.wakeUp(next, wakeRun)
	}
}

// choose is decide without the wake: it returns the goroutine that holds
// the token now, or nil.
func (sc *sched) choose(self *g) *g {
	if sc.dead {
		sc.mu.Unlock()
		select {}
	}
	if sc.gathering() {
		sc.cur.Store(nil) // the last subtest to rejoin, or the watchdog, decides
		return nil
	}
	if soleOn && self != nil && sc.set.self == self && sc.set.selfRuns && sc.chooseSole(self) {
		return self
	}
	en, idle := sc.enabled()
	en, narrowed := sc.goOn.view(self, en)
	if sc.expl != nil && !narrowed && (en.Len() > 1 || en.Len() == 1 && (sc.clock.timers.Len() > 0 || sc.gs.outside.n > 0)) {
		sc.expl.choices++
	}
	if sc.clock.timers.Len() > 0 && !narrowed {
		en, _ = sc.advance(en, idle)
	}
	if en.Len() == 0 {
		sc.cur.Store(nil)
		sc.life.idleAt = time.Now()
		select {
		case sc.dog.idle <- struct{}{}: // the watchdog takes over at once
		default:
		}
		sc.checkStuck(false)
		return nil
	}
	if r, ok := sc.strat.(*replay); ok {
		if r.awaits() {
			// The schedule's next goroutine is outside (a network
			// read): wait for it, idle; it decides when it comes back.
			sc.cur.Store(nil)
			sc.life.idleAt = time.Now()
			return nil
		}
		if sc.timedOut != nil && r.over() {
			// The recorded run settled its timeout here, whichever
			// goroutine it chose next (settleTimeout).
			sc.settleTimeout(self, nil)
		}
	}
	next, change := sc.strat.next(en)
	if sc.timedOut != nil {
		sc.settleTimeout(self, next)
	}
	if narrowed {
		sc.goOn.chose(next)
	}
	sc.chosen(next)
	sc.took(next, change, narrowed)
	return next
}

// took records the decision that chose next (change: at a change point):
// its acquisition count, the step, the clock, and the token.
func (sc *sched) took(next *g, change, narrowed bool) {
	if next.op.isAcquire() {
		sc.count.acquired(next)
	}
	sc.steps.add(stepRec{g: int32(next.id), kind: next.op.kind, change: change, site: sc.steps.intern(next.op.site)})
	if !narrowed { // the choice after a go statement costs no time
		sc.clock.now += stepNanos
	}
	sc.clock.earlyDone = false
	sc.progress++
	next.lastRun = sc.steps.len()
	if sc.cur.Load() != next { // a store is a full barrier: spare it when the same goroutine goes on
		sc.cur.Store(next)
	}
}

// soleOn lets decisions among one enabled goroutine skip the full
// evaluation (chooseSole); off in tests, to compare schedules.
var soleOn = true

// soleChooser is a strategy that can take a decision among one enabled
// goroutine without a view of the enabled set (chooseSole): it keeps its
// counts as next would with x alone and reports whether the step is a
// change point.
type soleChooser interface {
	sole(x *g) (change bool)
}

// chooseSole takes the decision at x's operation, which can step, where
// the full one (enabled, then the strategy's next) would find x the only
// goroutine able to and choose it: nothing else ready or listed, no
// watcher to file, no sweep due, no timer due or near (one may fire
// early, by a draw), no goroutine outside, no narrowing after a go
// statement, no ending or spinning operation, a strategy that chooses
// without a draw. It keeps what that decision keeps (x's standing, the
// sweep's count, the strategy's counts and fairness, the step log, the
// clock, the explorer's count of choices) and reports whether it took
// it. Most decisions of a goroutine working alone (a test of one
// goroutine, a setup while the others wait) are taken so.
func (sc *sched) chooseSole(x *g) bool {
	s, ch := &sc.set, sc.sole
	if ch == nil || s.large || len(s.small) != 1 || s.small[0] != x || x.en.set != setReady || s.ready.n != 1 ||
		s.volatile.n != 0 || len(s.unfiled) != 0 || s.blocked.n > 0 && s.sinceSweep+1 > sweepEvery+4*s.blocked.n ||
		sc.gs.outside.n != 0 || sc.timedOut != nil || sc.goOn.back != nil ||
		x.op.kind == opGoOn || spinning(x) {
		return false
	}
	f := kinds[x.op.kind].flags
	if f&ending != 0 {
		return false
	}
	if t := sc.clock.timers.top(); t != nil {
		// As advance, which would leave a far timer alone: the stall's
		// end first (it may move the clock nearer the deadline; the full
		// decision then finds it ended).
		sc.clock.unstall(t)
		if !sc.clock.farOff(t) {
			return false
		}
		if sc.expl != nil {
			sc.expl.choices++ // a choice between x and the timer, as choose counts
		}
	}
	s.sinceSweep++
	stays := kinds[x.op.kind].stays
	x.op.stable = f&always != 0 || stays != nil && stays(sc, x)
	if verifySets { // the sets as the full decision checks them: x evaluated, enabled
		s.ready.remove(x.id)
		x.en.set = setEnabled
		sc.checkSets()
		x.en.set = setReady
		s.ready.add(x.id)
	}
	sc.took(x, ch.sole(x), false)
	sc.soles++
	return true
}

// counts are the acquisitions the run's decisions chose: all of them,
// and those of the configured target (the directed strategy's k).
type counts struct {
	acqs, targetAcqs int
	// isTarget matches acquisitions of the target locks; nil without a
	// target.
	isTarget func(*g) bool
}

func (c *counts) acquired(x *g) {
	c.acqs++
	if c.isTarget != nil && c.isTarget(x) {
		c.targetAcqs++
	}
}
