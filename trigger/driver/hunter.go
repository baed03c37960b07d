package driver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// calibrationRuns is the number of runs each test makes before its seeds.
const calibrationRuns = 2

// hunter holds a hunt's shared state.
type hunter struct {
	opts     Options
	runner   *runner
	packages int // packages hunted, for Progress

	mu       sync.Mutex // guards the counters below and serializes Progress
	tests    int
	findings int
	pace     pace // for Progress: runs, tests skipped, time left
}

func newRunner(timeout time.Duration, env []string, workDir string, parallel int) *runner {
	return &runner{timeout: timeout, env: env, workDir: workDir, sem: make(chan struct{}, parallel),
		dirs: &dirPool{root: filepath.Join(workDir, "dirs")}, share: newSharing()}
}

// seenDeadlock is a deadlock one of a test's runs hit, keyed by finding
// ID: confirmed once a replay of its schedule deadlocks again the same way.
type seenDeadlock struct {
	id        string
	hits      int
	witness   *run // the run whose replay reproduced it
	confirmed bool
	replaying bool // a replay of it is under way (keeping going replays one at a time)
}

// testHunt is the state of hunting one test.
type testHunt struct {
	h     *hunter
	pkg   *Package
	test  string
	mu    sync.Mutex // guards stats, seen and order
	stats TestStats
	seen  map[string]*seenDeadlock
	order []string            // IDs of seen deadlocks in order of confirmation
	hang  *hangSeen           // the first run that reached its bound (hang.go)
	leaks *report.LeakProfile // Go's leak profile at the end of the plain run
	base  wire.Config         // the seeded runs' configuration, without seed
	space space               // what the runs showed of the schedule space; guarded by mu
	// held is the progress held back while speculating (nil otherwise);
	// guarded by mu.
	held []Progress
	// timeUp: Options.Until cut the seeds short; guarded by mu.
	timeUp bool
}

func (h *hunter) hunt(ctx context.Context, pkg *Package, test string) testResult {
	t := &testHunt{h: h, pkg: pkg, test: test, seen: map[string]*seenDeadlock{}}
	t.stats.Package, t.stats.Test = pkg.ImportPath, test
	if ctx.Err() != nil {
		t.stats.NotHunted = true
		return testResult{stats: t.stats}
	}
	if h.expired() { // -for: no time left to start it
		t.mu.Lock()
		t.stats.Stop = StopTime
		h.send(t, Progress{Started: true})
		h.progress(t, true)
		t.mu.Unlock()
		return testResult{stats: t.stats}
	}
	t.mu.Lock()
	h.send(t, Progress{Started: true})
	t.mu.Unlock()
	err := t.run(ctx)
	t.mu.Lock()
	t.stats.Interrupted = ctx.Err() != nil
	t.settleHang()
	t.stop()
	for _, a := range t.stats.Aims {
		a.finish(t.stats.Findings)
	}
	h.mu.Lock()
	if !t.stats.Interrupted {
		h.tests++
		if t.stats.Stop == StopNoInterleaving {
			h.pace.noInterleaving++
		}
	}
	h.mu.Unlock()
	fs := t.findings()
	t.stats.LeakCheck = report.CheckLeaks(t.leaks, fs)
	h.progress(t, true)
	t.mu.Unlock()
	return testResult{stats: t.stats, findings: fs, err: err}
}

// run hunts the test: a plain run (does the test pass on its own? the
// recording's, if any), a controlled calibration run (random, seed 0: how
// many steps, acquisitions and goroutines, leaked goroutines included),
// then each aim's runs, then the strategy's seeds. A recorded plain run
// still going does not hold the hunt up (speculate).
func (t *testHunt) run(ctx context.Context) error {
	o := &t.h.opts
	pending := o.Recording.plainRun(t.pkg.ImportPath, t.test)
	if pending != nil && !pending.ready() {
		return t.speculate(ctx, pending)
	}
	var plain *run
	var err error
	if pending != nil {
		plain, err = pending.wait(ctx)
	} else {
		plain, err = t.h.runner.exec(ctx, t.pkg, t.test, wire.Config{Strategy: report.Plain, WatchdogMS: o.WatchdogMS})
	}
	if err != nil {
		return err
	}
	return t.withPlain(ctx, plain)
}

// withPlain hunts the test after its plain run.
func (t *testHunt) withPlain(ctx context.Context, plain *run) error {
	if plain.Result != nil {
		t.leaks = plain.Result.LeakProfile
	}
	if plain.Outcome.Hung() {
		return t.hung(ctx, plain) // hang.go
	}
	if plain.Outcome.Bad() && !(plain.alone && plain.inPlace) {
		var err error
		if plain, err = t.again(ctx, plain); err != nil {
			return err
		}
	}
	if plain.Outcome.Bad() {
		t.calibrate(plain, plain)
		t.stats.Failure = &Failure{Outcome: plain.Outcome, Tail: plain.Tail}
		t.stats.count(plain)
		t.mu.Lock()
		t.h.send(t, Progress{Run: runDone(plain)})
		t.mu.Unlock()
		return t.checkFailing(ctx)
	}
	if err := t.record(ctx, plain); err != nil || (t.done() && len(t.h.opts.aimsFor(t.pkg.ImportPath, t.test)) == 0) {
		return err
	}
	return t.controlled(ctx, plain)
}

// checkFailing runs a test that misbehaves on its own once under control
// (the recording's calibration run, or one made now) and confirms the
// deadlocks that run and the recording's others hit: a failure may be
// the deadlock's own symptom (a test's watchdog: "did not finish within a
// second"), and a witness that replays proves it whatever the plain run
// did. Nothing more is run for such a test.
func (t *testHunt) checkFailing(ctx context.Context) error {
	rec := t.h.opts.Recording
	first, made := rec.firstRun(t.pkg.ImportPath, t.test), false
	if first == nil {
		var err error
		if first, err = t.calibration(ctx, nil); err != nil {
			return err
		}
		made = true
	}
	runs := rec.deadlockRuns(t.pkg.ImportPath, t.test)
	if made || first.Outcome == Deadlock {
		runs = append([]*run{first}, runs...)
	}
	return t.recordAll(ctx, runs)
}

// recordAll records runs made already, in order, until the test is done.
func (t *testHunt) recordAll(ctx context.Context, runs []*run) error {
	for _, rn := range runs {
		if t.done() {
			break
		}
		if err := t.record(ctx, rn); err != nil {
			return err
		}
	}
	return nil
}

// speculate hunts the test while its plain run, made beside the
// recording, still goes on (a test that sleeps or waits in real time):
// the controlled runs need nothing from it but, in the rare case where
// the calibration run measured nothing, its counts. The plain run is the
// hunt's first run, counted when it ends. If it passed, or deadlocked,
// the hunt is as if made after it; if the test misbehaves on its own
// (fails, panics, exits, hangs), what the controlled runs showed is
// dropped and the test is hunted as such a test is (withPlain). Progress
// is held back until the plain run's outcome is known, so nothing dropped
// was ever reported.
func (t *testHunt) speculate(ctx context.Context, pending *pendingPlain) error {
	t.mu.Lock()
	t.held = []Progress{}
	t.stats.Runs = 1 // the plain run's
	t.mu.Unlock()
	err := t.controlled(ctx, nil)
	if errors.Is(err, errPlainBad) {
		err = nil
	}
	// A hunt that confirmed a deadlock, its runs done, does not wait for
	// a plain run still going (most often the test hanging plainly on the
	// same deadlock, until the run's bound): the witness is the proof.
	cut := err == nil && t.done() && !pending.ready()
	if cut {
		pending.stop()
	}
	plain, perr := pending.wait(ctx)
	if cut && errors.Is(perr, errCanceled) && ctx.Err() == nil {
		t.mu.Lock()
		t.stats.PlainCut = true // counted in Runs, with no outcome
		t.mu.Unlock()
		t.release()
		return nil
	}
	t.mu.Lock()
	t.stats.Runs--
	t.mu.Unlock()
	if err == nil && perr == nil && plain.Outcome.Bad() && !t.confirmedAny() {
		t.discard()
		return t.withPlain(ctx, plain)
	}
	// Else a plain run that misbehaved after the hunt confirmed a deadlock
	// is counted with its outcome: the witness stands.
	if err == nil && perr == nil {
		plain.ordinal = 1
		if plain.Result != nil {
			t.leaks = plain.Result.LeakProfile
		}
		t.mu.Lock()
		t.stats.Calibration.Outcome = plain.Outcome
		t.mu.Unlock()
		err = t.record(ctx, plain)
	}
	t.release()
	return cmp.Or(err, perr)
}

// errPlainBad stops a speculative hunt whose plain run misbehaved.
var errPlainBad = errors.New("driver: the plain run misbehaved")

// discard drops what a speculative hunt found (speculate).
func (t *testHunt) discard() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.h.mu.Lock()
	for _, p := range t.held {
		if p.Run != nil {
			t.h.pace.runs--
		}
	}
	t.h.findings -= len(t.order)
	t.h.mu.Unlock()
	t.held = nil
	pkg, test := t.stats.Package, t.stats.Test
	t.stats = TestStats{Package: pkg, Test: test}
	t.seen, t.order, t.hang, t.base, t.space = map[string]*seenDeadlock{}, nil, nil, wire.Config{}, space{}
}

// release sends the progress held back while speculating.
func (t *testHunt) release() {
	t.mu.Lock()
	defer t.mu.Unlock()
	held := t.held
	t.held = nil
	t.h.flush(held)
}

// controlled is the hunt's controlled runs, after the plain run (nil when
// it still goes on: speculate).
func (t *testHunt) controlled(ctx context.Context, plain *run) error {
	o := &t.h.opts
	aims := o.aimsFor(t.pkg.ImportPath, t.test)
	ctl := o.Recording.firstRun(t.pkg.ImportPath, t.test)
	if ctl == nil {
		var err error
		if ctl, err = t.calibration(ctx, nil); err != nil {
			return err
		}
	}
	if plain == nil {
		plain = &run{}
		// A calibration run that measured nothing needs the plain run's
		// counts; one at its bound means runs as long ahead, which a
		// plain run that misbehaves would drop: both wait for it.
		if ctl.Result == nil || ctl.Outcome.Hung() {
			p, err := o.Recording.plainRun(t.pkg.ImportPath, t.test).wait(ctx)
			if err != nil {
				return err
			}
			if p.Outcome.Bad() {
				return errPlainBad
			}
			plain = p
		}
	}
	t.calibrate(plain, ctl)
	if err := t.record(ctx, ctl); err != nil {
		return err
	}
	// The recording's other runs that deadlocked come next, as the
	// calibration run did: their schedules are known to deadlock, which
	// no aim or seed is.
	if err := t.recordAll(ctx, o.Recording.deadlockRuns(t.pkg.ImportPath, t.test)); err != nil {
		return err
	}
	t.mu.Lock()
	for _, rn := range o.Recording.otherRuns(t.pkg.ImportPath, t.test) {
		t.space.prior(rn, true) // not runs of the hunt: only what they showed
	}
	t.mu.Unlock()
	if ctl.Outcome.Hung() && !t.done() {
		return t.controlledHang(ctx, ctl) // hang.go
	}
	if (t.done() || t.exhausted()) && len(aims) == 0 {
		return nil
	}
	// Every aim gets its chance, even after another was confirmed. With
	// several, each first makes one run and then the rest: a test whose
	// right aim comes last reaches it within a run per aim before it.
	phases := make([]*phase, len(aims))
	for round := range 2 {
		for i, a := range aims {
			if len(aims) == 1 && round == 0 {
				continue // one aim: all its runs at once
			}
			if phases[i] == nil {
				ph, err := t.aimPhase(ctx, a)
				if err != nil {
					return err
				}
				phases[i] = cmp.Or(ph, &phase{}) // no aim: nothing to run
			}
			if err := t.aimRound(ctx, phases[i], round == 0); err != nil {
				return err
			}
		}
	}
	if t.done() || t.exhausted() || o.info().AimsOnly { // only the aims
		return nil
	}
	t.mu.Lock()
	one := t.oneGoroutine()
	t.mu.Unlock()
	ph := &phase{base: t.base, runs: t.seedBudget(), drawPhase: 1}
	if err := t.seeds(ctx, ph); err != nil || !one || t.phaseDone(ph) {
		return err
	}
	if n := t.seedBudget(); n > ph.runs { // a run started goroutines: the rest of the budget
		ph.from, ph.runs = ph.runs+1, n
		return t.seeds(ctx, ph)
	}
	return nil
}

// calibration is the run that measures a test under control (random walk,
// seed 0), counting the acquisitions of target if it is not nil. An aim's
// calibration comes after the test's: its draws take the next phase.
func (t *testHunt) calibration(ctx context.Context, target *wire.Target) (*run, error) {
	cfg := wire.Config{Strategy: report.Random, Seed: 0, DrawPhase: 1, Target: target, WatchdogMS: t.h.opts.WatchdogMS, EndSteps: t.base.EndSteps}
	if target != nil {
		cfg.DrawPhase = 2
	}
	return t.h.runner.exec(ctx, t.pkg, t.test, cfg)
}

// phase is one seeded budget: the strategy's own, or an aim's.
type phase struct {
	base wire.Config // without seed
	runs int
	aim  *AimStats // nil for the strategy's own seeds
	hit  bool      // an aim's run deadlocked in a confirmed way; guarded by testHunt.mu
	// start is the runs the test had made when the phase began: seed i
	// is the hunt's run start+i-from+1.
	start int
	// from is the first seed to make (0: 1); an aim's phase made in two
	// rounds (aimRound) goes on from the seed after its first round's.
	from int
	// drawPhase is the draw phase of seed 0 (Config.DrawPhase): 1, after
	// the test's calibration (phase 1); 2 after an aim's too.
	drawPhase int
}

// done reports whether the phase can stop: for the strategy's seeds, when
// the test's hunt can (confirmed, exhausted or settled); for an aim's, when one of its runs deadlocked in a
// way that was confirmed (by it or earlier), unless keeping going.
func (t *testHunt) phaseDone(ph *phase) bool {
	if ph.aim == nil {
		return t.done() || t.exhausted() || t.settled()
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return !t.h.opts.KeepGoing && ph.hit
}

// calibrate derives the seeded runs' parameters from the calibration run
// ctl, or from the plain run if ctl wrote no result.
func (t *testHunt) calibrate(plain, ctl *run) {
	c := measured(plain.Outcome, cmp.Or(ctl.Result, plain.Result))
	o := &t.h.opts
	c.Radius = o.radiusFor(c.Acquisitions)
	t.stats.Calibration = c
	t.base = wire.Config{Strategy: o.Strategy, Depth: o.Depth, Radius: c.Radius,
		Steps: stepsFor(o.Strategy, c), Goroutines: c.Goroutines, WatchdogMS: o.WatchdogMS}
	if !o.info().Radius {
		t.base.Radius = 0
	}
	t.base.EndSteps = endStepsAfter(ctl)
}

// endStepsAfter is the EndSteps of the runs that follow ctl:
// wire.LeakedEndSteps when goroutines the test leaked were still running
// at its end, 0 otherwise.
func endStepsAfter(ctl *run) int {
	if ctl != nil && ctl.Result != nil && ctl.Result.EndRunning > 0 {
		return wire.LeakedEndSteps
	}
	return 0
}

// measured is a calibration from a run's result (nil: nothing measured).
func measured(o Outcome, r *wire.Result) Calibration {
	c := Calibration{Outcome: o}
	if r != nil {
		c.Steps, c.Acquisitions, c.Goroutines = r.Steps, r.Acquisitions, r.Goroutines
	}
	return c
}

// stepsFor is the k estimate passed to a strategy: those that count only
// lock acquisitions as steps get the acquisitions (when the calibration
// made any), the others every scheduling point.
func stepsFor(strategy report.Strategy, c Calibration) int {
	if e, _ := strategy.Info(); e.Acquisitions && c.Acquisitions > 0 {
		return c.Acquisitions
	}
	return c.Steps
}

// done reports whether the test's hunt can stop: something was confirmed
// and the options do not ask to keep going.
func (t *testHunt) done() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return !t.h.opts.KeepGoing && len(t.order) > 0
}

// seeds runs the seeded budget, opts.Parallel processes at a time at most,
// stopping early when done. Each worker records (and if need be replays)
// its own runs, so with one worker the hunt is deterministic.
func (t *testHunt) seeds(ctx context.Context, ph *phase) error {
	dctx, stop := context.WithCancel(ctx) // the dispatch of further seeds
	defer stop()
	t.mu.Lock()
	ph.start = t.stats.Runs
	t.mu.Unlock()
	ph.from = max(ph.from, 1)
	n, from := ph.runs, ph.from
	seeds := make(chan int)
	go func() {
		defer close(seeds)
		for i := from; i <= n; i++ {
			if t.h.expired() {
				t.mu.Lock()
				t.timeUp = true
				t.mu.Unlock()
				return
			}
			select {
			case seeds <- i:
			case <-dctx.Done():
				return
			}
		}
	}()
	// When the phase can stop after seed i, the seeds after it still
	// running are killed; those before it finish, as they would have
	// with one process at a time (one may confirm earlier in the hunt).
	var mu sync.Mutex
	running := map[int]context.CancelFunc{}
	stopAfter := func(i int) {
		stop()
		mu.Lock()
		defer mu.Unlock()
		for j, cancel := range running {
			if j > i {
				cancel()
			}
		}
	}
	var wg sync.WaitGroup
	var first error
	var errOnce sync.Once
	for range min(n-from+1, t.h.opts.Parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range seeds {
				if dctx.Err() != nil {
					continue
				}
				rctx, cancel := context.WithCancel(ctx)
				mu.Lock()
				running[i] = cancel
				mu.Unlock()
				err := t.seed(rctx, ph, i)
				mu.Lock()
				delete(running, i)
				mu.Unlock()
				cancel()
				if err != nil {
					errOnce.Do(func() { first = err })
					stopAfter(0)
				} else if t.phaseDone(ph) {
					stopAfter(i)
				}
			}
		}()
	}
	wg.Wait()
	return first
}

// seed makes the i-th seeded run of a phase and records it.
func (t *testHunt) seed(ctx context.Context, ph *phase, i int) error {
	cfg := ph.base
	cfg.Seed, cfg.DrawPhase = t.h.opts.Seed+uint64(i), ph.drawPhase+i
	if cfg.BoundMS == 0 {
		cfg.BoundMS = t.seedBound() // raised once a run was slow at its bound (hang.go)
	}
	rn, err := t.h.runner.exec(ctx, t.pkg, t.test, cfg)
	if errors.Is(err, errCanceled) {
		return nil
	}
	if err != nil {
		return err
	}
	rn.Seeded, rn.ordinal = true, ph.start+i-ph.from+1
	if a := ph.aim; a != nil {
		rn.Aim = a.Aim.ID
		t.mu.Lock()
		a.Runs++
		if wire.LateLow(cfg.Seed, cfg.Target) {
			a.Late++
		}
		if rn.Outcome == Deadlock {
			a.Deadlocks++
		}
		t.mu.Unlock()
	}
	if err := t.record(ctx, rn); err != nil {
		return err
	}
	if a := ph.aim; a != nil && rn.Outcome == Deadlock && !rn.unreproduced {
		// A hit of the aim; a deadlock whose own replay failed is none,
		// even if another run confirmed its ID (AimStats.FirstHit).
		t.mu.Lock()
		a.hits[i] = findingID(t.pkg.ImportPath, rn.Result.Deadlock)
		t.mu.Unlock()
	}
	if rn.Outcome == Deadlock && t.confirmed(findingID(t.pkg.ImportPath, rn.Result.Deadlock)) {
		t.mu.Lock()
		ph.hit = true
		t.mu.Unlock()
	}
	return nil
}

// confirmedAny reports whether the hunt confirmed a deadlock.
func (t *testHunt) confirmedAny() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.order) > 0
}

// confirmed reports whether the finding id was confirmed in this test.
func (t *testHunt) confirmed(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.seen[id]
	return c != nil && c.confirmed
}

// record counts a finished run and, for a deadlock not yet confirmed,
// replays its schedule to confirm it (a replay that did not reproduce it
// marks rn unreproduced). It may be called concurrently.
func (t *testHunt) record(ctx context.Context, rn *run) error {
	c := t.count(rn)
	if c == nil {
		return nil
	}
	id := c.id
	ok, why, err := replayRun(ctx, t.h.runner, t.pkg, t.test, rn, id)
	t.mu.Lock()
	c.replaying = false
	t.mu.Unlock()
	if errors.Is(err, errCanceled) {
		return nil // the hunt is stopping; an unreplayed deadlock is not confirmed
	}
	if err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !ok {
		rn.unreproduced = true
		t.stats.Unreproduced++
		t.stats.Warnings = append(t.stats.Warnings, fmt.Sprintf("%s seed %d: deadlock %s not reproduced on replay: %s", rn.Config.Strategy, rn.Config.Seed, id, why))
		return nil
	}
	// A run that ran beside the one confirmed first, and comes earlier in
	// the hunt, confirms too: one process at a time would have seen it
	// first.
	if t.stats.ConfirmedAt == 0 || rn.ordinal < t.stats.ConfirmedAt {
		t.stats.ConfirmedAt = rn.ordinal
	}
	if c.confirmed {
		if rn.ordinal < c.witness.ordinal {
			c.witness = rn // the witness one process at a time would have found
		}
		return nil // confirmed meanwhile by another run
	}
	c.confirmed, c.witness = true, rn
	t.order = append(t.order, id)
	t.stats.Findings = append(t.stats.Findings, id)
	t.h.mu.Lock()
	t.h.findings++
	t.h.mu.Unlock()
	t.h.sendConfirmed(t, c)
	return nil
}

// count records a run in the stats and returns the deadlock to replay:
// nil unless the run deadlocked in a way not yet confirmed, or confirmed
// only by a later run of the hunt.
func (t *testHunt) count(rn *run) *seenDeadlock {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stats.count(rn)
	if rn.ordinal == 0 {
		rn.ordinal = t.stats.Runs
	}
	t.space.add(rn)
	t.space.prior(rn, false)
	t.noteHang(rn)
	t.h.send(t, Progress{Run: runDone(rn)})
	if rn.Outcome != Deadlock {
		return nil
	}
	id := findingID(t.pkg.ImportPath, rn.Result.Deadlock)
	c := t.seen[id]
	if c == nil {
		c = &seenDeadlock{id: id}
		t.seen[id] = c
	}
	c.hits++
	// A confirmed deadlock is replayed again only from a run that comes
	// earlier in the hunt than the first confirmation (it ended later, in
	// the other process): its replay decides the runs to confirm and the
	// witness. Keeping going (hit rates) replays each deadlock once: a
	// run that hits it while its replay is under way waits for nothing.
	if c.confirmed && (t.h.opts.KeepGoing || rn.ordinal >= t.stats.ConfirmedAt) {
		return nil
	}
	if t.h.opts.KeepGoing && c.replaying {
		return nil
	}
	c.replaying = true
	return c
}

func (t *testHunt) findings() []report.Finding {
	var fs []report.Finding
	for _, id := range t.order {
		fs = append(fs, makeFinding(t.pkg, t.test, t.seen[id], t.stats.Runs, t.h.opts.Args))
	}
	if f := t.hangFinding(); f != nil {
		fs = append(fs, *f)
	}
	return fs
}

// progress reports t's state; the caller holds t.mu.
func (h *hunter) progress(t *testHunt, finished bool) { h.send(t, Progress{Finished: finished}) }

// budget is the most runs t's hunt can make: calibration, each aim's
// calibration and seeds, the strategy's seeds.
func (h *hunter) budget(t *testHunt) int {
	aims := len(h.opts.aimsFor(t.pkg.ImportPath, t.test))
	n := calibrationRuns + aims*(h.opts.Runs+1)
	if !h.opts.info().AimsOnly {
		n += h.opts.Runs
	}
	return n
}
