package rt

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
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
	if err == nil {
		var sc *sched
		if sc, err = newSched(cfg); err == nil {
			sc.install()
			return
		}
	}
	fmt.Fprintf(os.Stderr, "deadhunt: %v\n", err)
	os.Exit(2)
}

// sched is the serializing scheduler and its model of the synchronization
// objects.
type sched struct {
	mu    sync.Mutex
	cfg   config
	strat strategy
	rng   *rand.Rand // select case choices
	plain bool

	cur     atomic.Pointer[g] // the goroutine holding the token; nil when idle
	all     []*g              // by ID-1
	live    gset              // state gLive
	byGP    map[uintptr]*g
	outside int // goroutines in state gOutside

	// The enabled set, kept incrementally (enset.go).
	ready      gset
	blocked    gset
	sleep      gheap                 // by wake time
	spin       gheap                 // by last run
	waits      map[uintptr][]waitRef // goroutines blocked on a WaitGroup or Once
	sinceSweep int
	readyBuf   []*g
	maxWaited  int // the most decisions a goroutine of the last enabled() was passed over
	checkBuf   []*g

	mutexes   map[*sync.Mutex]*mutexState
	rws       map[*sync.RWMutex]*rwState
	mslab     []mutexState // unused records for mutexes
	rwslab    []rwState
	chans     map[uintptr]*chanState
	chanCache [chanCacheSize]chanCacheEntry
	wgs       map[*sync.WaitGroup]int
	conds     map[*sync.Cond][]*g
	onces     map[*sync.Once]*g // running Do
	oncesOK   map[*sync.Once]bool

	tr        *tracer // lock-order trace, if configured
	steps     stepLog
	sites     []*Site                       // interned step sites; 0 is nil
	siteIdx   map[*Site]uint32              // index in sites
	siteCache [siteCacheSize]siteCacheEntry // in front of siteIdx
	lastMu    *sync.Mutex                   // one-entry cache in front of mutexes
	lastMSt   *mutexState
	acqs      int
	// isTarget matches acquisitions of the configured target locks, which
	// targetAcqs counts (the directed strategy's k); nil without a target.
	isTarget   func(*g) bool
	targetAcqs int
	progress   int // bumped by every decision and rejoin (watchdog)
	// vnow is the virtual clock in nanoseconds: every decision advances it
	// by stepNanos, and choosing a sleeper moves it to its wake time (see
	// sleep.go).
	vnow     int64
	test     string
	warnings []string
	enBuf    []*g
	idleAt   time.Time
	endBy    time.Time // the test's end hook stops waiting for leaked goroutines
	// gatherBy and gatherFor hold decisions while the parallel subtests
	// of goroutine gatherFor, released together, rejoin (lifecycle.go).
	gatherBy  time.Time
	gatherFor int
	dead      bool          // a deadlock was reported; everything stops
	dumped    chan struct{} // stack dump acknowledgements
	// cmu orders wakes against the records of where goroutines are
	// parked, and guards the spare holds (handover.go); taken after mu,
	// or alone.
	cmu      sync.Mutex
	holds    []*hold
	spares   []*hold
	stop     chan struct{} // stops the watchdog
	watching bool          // the watchdog runs
	idle     chan struct{} // wakes the watchdog when the scheduler goes idle

	plainSteps, plainAcqs, plainGs atomic.Int64

	// onDeadlock reports a deadlock; by default it writes the result,
	// prints the report and exits with status 3. Tests replace it.
	onDeadlock func(r *result)
}

type mutexState struct {
	owner   *g
	site    *Site
	waiters []waitRef // goroutines blocked on it (enset.go)
}

type rwState struct {
	writer  *g   // announced or holding writer (holds rw.w)
	wHeld   bool // writer holds the lock (not only announced)
	wSite   *Site
	readers []*g // active readers, one entry per RLock
	queued  []*g // readers that arrived after the writer announced
	waiters []waitRef
}

// stepRec is one scheduling decision. It holds no pointer (the site is an
// index into sched.sites) so that long schedules cost the GC nothing.
type stepRec struct {
	g      int32
	site   uint32
	kind   opKind
	change bool
}

// newSched builds a scheduler for cfg.
func newSched(cfg config) (*sched, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	sc := &sched{
		cfg:     cfg,
		plain:   cfg.Strategy == "plain",
		rng:     rand.New(rand.NewPCG(cfg.Seed, 0x5e1ec7ca5e)),
		byGP:    map[uintptr]*g{},
		sites:   append(make([]*Site, 0, 256), nil),
		siteIdx: make(map[*Site]uint32, 256),
		mutexes: make(map[*sync.Mutex]*mutexState, slabSize),
		rws:     make(map[*sync.RWMutex]*rwState, slabSize),
		chans:   map[uintptr]*chanState{},
		waits:   map[uintptr][]waitRef{},
		wgs:     map[*sync.WaitGroup]int{},
		conds:   map[*sync.Cond][]*g{},
		onces:   map[*sync.Once]*g{},
		oncesOK: map[*sync.Once]bool{},
		dumped:  make(chan struct{}),
		stop:    make(chan struct{}),
		idle:    make(chan struct{}, 1),
		sleep:   gheap{less: bySleep},
		spin:    gheap{less: bySpin},
	}
	sc.onDeadlock = sc.exitDeadlock
	strat, err := newStrategy(sc, cfg)
	if err != nil {
		return nil, err
	}
	sc.strat = strat
	if len(cfg.Target.Classes)+len(cfg.Target.Sites) > 0 {
		sc.isTarget = targetFilter(cfg.Target)
	}
	if cfg.Trace != "" && !sc.plain {
		if sc.tr, err = newTracer(cfg.Trace); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

// install makes sc the active scheduler and starts its watchdog.
func (sc *sched) install() {
	current.Store(sc)
}

// wakeWatchdog starts the watchdog if it is not running: it runs while
// some goroutine is managed (see watchdog), so that a test binary whose
// TestMain checks for leaked goroutines after the tests (goleak) does not
// find it. Called with sc.mu held.
func (sc *sched) wakeWatchdog() {
	if !sc.plain && !sc.watching {
		sc.watching = true
		go sc.watchdog()
	}
}

// enter identifies the calling goroutine: the managed goroutine, or nil for
// pass-through (no configuration, plain strategy, unmanaged goroutine).
func enter() *g {
	sc := current.Load()
	if sc == nil {
		return nil
	}
	if sc.plain {
		sc.plainSteps.Add(1)
		return nil
	}
	gp := getg()
	if c := sc.cur.Load(); c != nil && c.gp.Load() == gp {
		return c
	}
	sc.mu.Lock()
	x := sc.byGP[gp]
	sc.mu.Unlock()
	return x
}

func countGo() {
	if sc := current.Load(); sc != nil && sc.plain {
		sc.plainGs.Add(1)
	}
}

// newG creates a managed goroutine record (state gOutside until it joins).
func (sc *sched) newG(created *Site, parent *g) *g {
	x := &g{id: len(sc.all) + 1, sc: sc, wake: make(chan wakeMsg, 1), state: gOutside, created: created}
	if parent != nil {
		x.parent = parent.id
	}
	sc.all = append(sc.all, x)
	sc.outside++
	sc.strat.newG(x)
	return x
}

// join moves x into the decision set (from gOutside).
func (sc *sched) join(x *g) {
	sc.wakeWatchdog()
	sc.outside--
	x.state = gLive
	sc.rejoined(x)
	sc.live.add(x.id)
	sc.toReady(x)
	sc.progress++
}

// leave removes x from the decision set.
func (sc *sched) leave(x *g, to gState) {
	sc.live.remove(x.id)
	sc.unset(x)
	x.state = to
	if to == gOutside {
		sc.outside++
	}
}

// do performs a scheduling point for x with operation o: it waits until the
// strategy chooses x and then applies o to the model. x.op holds the result.
func (x *g) do(o op) {
	sc := x.sc
	sc.mu.Lock()
	x.op = o
	x.opSeq++
	waited := !sc.canRun(x)
	if waited && sc.tr != nil && o.isAcquire() {
		sc.traceWait(x)
	}
	decide := true
	if x.state == gOutside {
		sc.join(x)
		decide = sc.cur.Load() == nil
	} else {
		sc.toReady(x)
	}
	if o.waitsOnChan() {
		sc.offer(x)
	}
	var c *coro
	for {
		if decide {
			if next := sc.choose(x); next != nil && next != x {
				c = sc.handTo(x, next)
			}
		}
		decide = true
		if sc.cur.Load() != x {
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
	}
	sc.countSpin(x, waited)
	sc.mu.Unlock()
}

// spinning reports whether x is a spinner at its poll.
func spinning(x *g) bool { return x.spins >= spinLimit && x.op.isPollKind() }

// countSpin tracks spin loops: polls (failed TryLock, Gosched, Sleep, a
// select's default) count; a poll that succeeds or an operation that had to
// wait for another goroutine is progress and resets the count. Operations
// that complete at once (a free Lock, an Unlock) do not reset it: a loop
// "Lock a; TryLock b fails; Unlock a; Gosched" spins.
func (sc *sched) countSpin(x *g, waited bool) {
	switch {
	case x.op.isPoll():
		x.spins++
		if x.spins == spinLimit {
			sc.strat.demote(x)
		}
	case waited || x.op.isPollKind():
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
	en := sc.enabled()
	if len(en) == 0 {
		sc.cur.Store(nil)
		sc.idleAt = time.Now()
		select {
		case sc.idle <- struct{}{}: // the watchdog takes over at once
		default:
		}
		sc.checkStuck(false)
		return nil
	}
	next, change := sc.strat.next(en)
	if y := sc.starved(en, next); y != nil {
		sc.strat.demote(next)
		next, change = y, false
	}
	next.waited = 0
	sc.toReady(next) // a sleeper chosen
	if next.op.isAcquire() {
		sc.acqs++
		if sc.isTarget != nil && sc.isTarget(next) {
			sc.targetAcqs++
		}
	}
	sc.steps.add(stepRec{g: int32(next.id), kind: next.op.kind, change: change, site: sc.intern(next.op.site)})
	sc.tick(next)
	sc.progress++
	next.lastRun = sc.steps.len()
	sc.cur.Store(next)
	return next
}

// enabled lists the goroutines that can take a step, in ID order. Spinning
// goroutines, sleepers (sleep.go) and a test waiting for the end only when
// nothing else can.
func (sc *sched) enabled() []*g {
	sc.wakeSleepers()
	en := sc.enBuf[:0]
	var end *g
	sc.maxWaited = 0
	sc.readyBuf = sc.ready.list(sc.all, sc.readyBuf[:0])
	for _, x := range sc.readyBuf {
		if x.op.stable {
			x.waited++
			sc.maxWaited = max(sc.maxWaited, x.waited)
			en = append(en, x)
			continue
		}
		switch {
		case !sc.canRun(x):
			sc.block(x)
		case x.op.kind == opTestEnd:
			end = x
		case sc.sleeping(x):
			sc.toSleep(x)
		case spinning(x):
			sc.toSpin(x)
		default:
			x.waited++
			sc.maxWaited = max(sc.maxWaited, x.waited)
			en = append(en, x)
			x.op.stable = x.op.alwaysRuns()
		}
	}
	if verifySets {
		sc.checkSets()
	}
	if len(en) == 0 {
		// Only spinners at their polls, and the earliest sleeper: the
		// one that waited longest runs (spinners first on ties), so
		// that spinners that wait for each other cannot livelock in
		// lock step under a fixed priority. The sleeper competes with
		// the spinners, as one may spin on a lock it holds; a leaked
		// sleeper does not delay the test's end.
		first := sc.spin.top()
		if s := sc.sleep.top(); s != nil && end == nil && (first == nil || s.lastRun < first.lastRun) {
			first = s
		}
		if first != nil {
			en = append(en, first)
		}
	}
	if end != nil && (len(en) == 0 || time.Now().After(sc.endBy)) {
		en = append(en[:0], end)
	}
	sc.enBuf = en
	return en
}

// warn records a warning for the result (bounded).
func (sc *sched) warn(format string, args ...any) {
	if len(sc.warnings) < 50 {
		sc.warnings = append(sc.warnings, fmt.Sprintf(format, args...))
	}
}

// countAcq counts a lock acquisition of a plain run.
func countAcq() {
	if sc := current.Load(); sc != nil && sc.plain {
		sc.plainAcqs.Add(1)
	}
}

// intern returns the index of site s in sc.sites.
func (sc *sched) intern(s *Site) uint32 {
	if s == nil {
		return 0
	}
	e := &sc.siteCache[(uintptr(unsafe.Pointer(s))*0x9e3779b97f4a7c15)>>(64-siteCacheBits)]
	if e.s == s {
		return e.i
	}
	i, ok := sc.siteIdx[s]
	if !ok {
		i = uint32(len(sc.sites))
		sc.sites = append(sc.sites, s)
		sc.siteIdx[s] = i
	}
	e.s, e.i = s, i
	return i
}

// The sites of a loop hit a direct-mapped cache in front of sched.siteIdx.
const (
	siteCacheBits = 8
	siteCacheSize = 1 << siteCacheBits
)

type siteCacheEntry struct {
	s *Site
	i uint32
}
