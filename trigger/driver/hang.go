package driver

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Runs that reach their time bound. The runtime stops such a run itself
// and classifies it: a deadlock (a wait-for cycle, everything blocked, a
// lock held by an ended goroutine) is reported as one and replayed like
// any other; anything else is a hang whose result carries a snapshot of
// every goroutine (outcome Hang). A test is never dropped because a run
// of it hung: a plain run that hangs is hunted under control, with the
// snapshot as evidence, and a test that is merely slow is hunted again
// with a raised bound.

// slowFactor raises the bound of a test found slow at its bound;
// slowRuns caps its seeded runs, each of which may take the raised bound.
const (
	slowFactor = 4
	slowRuns   = 10
)

// hangSeen is the first run of a test that reached its bound.
type hangSeen struct {
	run  *run
	hits int // runs that reached the bound
	// stuck counts the controlled runs that reached the bound and were
	// not found slow (still making progress) there.
	stuck int
	// raisedMS is the bound of the test's later seeded runs once one of
	// its controlled runs was found slow at its bound (0: not raised).
	raisedMS int
}

// noteHang keeps the first run of the test that reached its bound (a
// snapshot's run over one killed without one); the caller holds t.mu.
func (t *testHunt) noteHang(rn *run) {
	if !rn.Outcome.Hung() {
		return
	}
	if t.hang == nil {
		t.hang = &hangSeen{}
	}
	t.hang.hits++
	if rn.Config.Strategy != report.Plain && (rn.Result == nil || rn.Result.Hang == nil || rn.Result.Hang.Class != report.HangSlow) {
		t.hang.stuck++
	}
	if res := rn.Result; res != nil && res.Hang != nil && res.Hang.Class == report.HangSlow && t.hang.raisedMS == 0 {
		t.hang.raisedMS = int((slowFactor * t.h.runner.timeout).Milliseconds())
		t.stats.Warnings = append(t.stats.Warnings, fmt.Sprintf("%s seed %d was still making progress at its bound of %v: later seeded runs get %v",
			rn.Config.Strategy, rn.Config.Seed, t.h.runner.timeout, slowFactor*t.h.runner.timeout))
	}
	if t.hang.run == nil || t.hang.run.Result == nil || t.hang.run.Result.Hang == nil ||
		(t.hang.run.Config.Strategy == report.Plain && rn.Config.Strategy != report.Plain && rn.Result != nil && rn.Result.Hang != nil) {
		t.hang.run = rn
	}
}

// busyAtBound reports whether a plain run that reached its bound had
// goroutines of the test there, all running or in system calls: none
// waited on a channel, a lock, a timer or anything else (the runtime's
// rule, rt's working: its snapshot then says "0 of them waiting").
func busyAtBound(rn *run) bool {
	if rn.Result == nil || rn.Result.Hang == nil || len(rn.Result.Hang.Unmanaged) == 0 {
		return false
	}
	for _, g := range rn.Result.Hang.Unmanaged {
		switch g.GoState {
		case "running", "runnable", "preempted", "starting", "syscall":
		default:
			return false
		}
	}
	return true
}

// seedBound is the bound of a seeded run of the test (0: the runner's).
func (t *testHunt) seedBound() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.hang == nil {
		return 0
	}
	return t.hang.raisedMS
}

// hung hunts a test whose plain run reached its bound: a controlled
// calibration run, which sees a deadlock of the test's own goroutine at
// once; then, as its outcome says, nothing more (a deadlock, replayed; a
// hang that would cost a bound per run), a hunt with a raised bound (a
// slow test), or the ordinary hunt (it passes under control).
func (t *testHunt) hung(ctx context.Context, plain *run) error {
	t.mu.Lock()
	t.stats.count(plain)
	t.noteHang(plain)
	t.stats.Failure = &Failure{Outcome: plain.Outcome, Tail: plain.Tail, Busy: busyAtBound(plain)}
	t.mu.Unlock()
	ctl := t.h.opts.Recording.firstRun(t.pkg.ImportPath, t.test) // made beside the plain run
	if ctl == nil {
		var err error
		if ctl, err = t.calibration(ctx, nil); err != nil {
			return err
		}
	}
	t.calibrate(plain, ctl)
	if err := t.record(ctx, ctl); err != nil {
		return err
	}
	if t.done() || ctl.Outcome == Deadlock {
		return nil
	}
	if ctl.Outcome.Hung() {
		if err := t.controlledHang(ctx, ctl); err != nil {
			return err
		}
		return t.slowPlain(ctx, plain)
	}
	if ctl.Outcome.Bad() {
		return nil // it fails under control: the failure is the news
	}
	if err := t.seeds(ctx, &phase{base: t.base, runs: t.h.opts.Runs}); err != nil {
		return err
	}
	return t.slowPlain(ctx, plain)
}

// slowPlain runs a test whose plain run reached its bound, but which
// showed no deadlock under control and reached the bound there only while
// still making progress (slow), plainly again with slowFactor times the
// bound: a test that passes then is slow, not hung (go test's own default
// timeout is ten minutes), not a failure; a hang finding remains only for
// its controlled runs found slow.
func (t *testHunt) slowPlain(ctx context.Context, plain *run) error {
	t.mu.Lock()
	only := len(t.order) == 0 && t.hang != nil && t.hang.stuck == 0
	t.mu.Unlock()
	if !only {
		return nil
	}
	bound := slowFactor * t.h.runner.timeout
	rn, err := t.h.runner.exec(ctx, t.pkg, t.test, wire.Config{Strategy: report.Plain, WatchdogMS: t.h.opts.WatchdogMS, BoundMS: int(bound.Milliseconds())})
	if err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stats.count(rn)
	t.h.send(t, Progress{Run: runDone(rn)})
	if rn.Outcome != Pass {
		return nil
	}
	t.stats.Failure = nil
	if t.hang.run == plain {
		t.hang = nil
	}
	t.stats.Warnings = append(t.stats.Warnings, fmt.Sprintf("slow, not hung: the plain run reached its bound of %v; run plainly again with a bound of %v, it passed in %v",
		t.h.runner.timeout, bound, rn.Elapsed.Round(time.Millisecond)))
	return nil
}

// controlledHang follows a controlled calibration run that reached its
// bound: a slow test is hunted again with a raised bound; any other hang
// stays a hang finding (every further run would likely cost the bound).
func (t *testHunt) controlledHang(ctx context.Context, ctl *run) error {
	if ctl.Result == nil || ctl.Result.Hang == nil || ctl.Result.Hang.Class != report.HangSlow {
		return nil
	}
	bound := slowFactor * t.h.runner.timeout
	t.mu.Lock()
	t.stats.Warnings = append(t.stats.Warnings, fmt.Sprintf("slow under control: still making progress at the bound of %v; hunted with a bound of %v and %d seeded runs",
		t.h.runner.timeout, bound, min(t.h.opts.Runs, slowRuns)))
	t.mu.Unlock()
	cal := wire.Config{Strategy: report.Random, WatchdogMS: t.h.opts.WatchdogMS, BoundMS: int(bound.Milliseconds())}
	rn, err := t.h.runner.exec(ctx, t.pkg, t.test, cal)
	if err != nil {
		return err
	}
	if err := t.record(ctx, rn); err != nil || rn.Outcome != Pass {
		return err
	}
	t.calibrate(&run{Outcome: t.stats.Calibration.Outcome}, rn)
	base := t.base
	base.BoundMS = int(bound.Milliseconds())
	return t.seeds(ctx, &phase{base: base, runs: min(t.h.opts.Runs, slowRuns)})
}

// settleHang drops the plain run's hang as a failure once a deadlock of
// the test was confirmed: it explains the hang.
func (t *testHunt) settleHang() {
	if f := t.stats.Failure; f != nil && f.Outcome.Hung() && len(t.order) > 0 {
		t.stats.Failure = nil
	}
}

// hangFinding is the hang finding of a test that reached its bound and
// confirmed no deadlock, or nil.
func (t *testHunt) hangFinding() *report.Finding {
	if t.hang == nil || t.hang.run == nil || len(t.order) > 0 {
		return nil
	}
	rn := t.hang.run
	snap := &report.Snapshot{Class: report.HangKilled, Reason: "killed at the bound without a snapshot (the runtime did not answer)"}
	if rn.Result != nil && rn.Result.Hang != nil {
		snap = rn.Result.Hang
	}
	bound := time.Duration(rn.Config.BoundMS) * time.Millisecond
	f := &report.Finding{
		ID:       report.ComputeID(report.Hang, t.pkg.ImportPath, []string{t.test, snap.Class}),
		Kind:     report.Hang,
		Status:   report.Observed,
		Package:  t.pkg.ImportPath,
		Test:     t.test,
		Message:  fmt.Sprintf("the %s run reached its bound of %v (%s): %s", rn.Config.Strategy, bound, snap.Class, snap.Reason),
		Evidence: []report.Evidence{report.Dynamic},
		Locks:    []report.Lock{},
		Snapshot: snap,
	}
	// The goroutines that do not end: where text, SARIF and review point.
	for _, g := range slices.Concat(snap.Goroutines, snap.Unmanaged) {
		if len(g.Stack) == 0 || g.State == "ended" || g.State == "test ended" {
			continue
		}
		waits := g.WaitsFor
		switch {
		case g.State == "unmanaged":
			waits = "outside the scheduler [" + g.GoState + "]"
		case g.State != "blocked" && waits == "":
			waits = "nothing: it is " + g.State
		case g.State != "blocked":
			waits = g.State + ": " + waits
		}
		f.Goroutines = append(f.Goroutines, report.Goroutine{ID: g.ID, Created: g.Created, Stack: g.Stack, WaitsFor: waits, Holds: g.Holds})
	}
	if rn.Config.Strategy != report.Plain && rn.Result != nil {
		f.Witness = &report.Witness{Strategy: rn.Config.Strategy, Seed: rn.Config.Seed, Params: params(rn.Config),
			Runs: max(t.stats.Runs, t.hang.hits), Hits: t.hang.hits, Schedule: rn.Result.Schedule,
			Draws: rn.Result.Draws, ClockBase: rn.Result.ClockBase,
			Package: t.pkg.ImportPath, Test: t.test, Args: t.h.opts.Args, Fingerprint: t.pkg.Fingerprint}
	}
	return f
}
