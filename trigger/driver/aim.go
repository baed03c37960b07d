package driver

import (
	"context"
	"slices"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Aim is how the directed strategy steers one test toward a prediction:
// change points are drawn only among acquisitions of the target's lock
// classes or at its sites (lock bounding), and only the target's
// goroutines are ordered (thread bounding).
type Aim struct {
	ID     string // the prediction's finding ID
	Target wire.Target
	// Steps is the most target acquisitions a recorded run made, if known:
	// k is the larger of it and the aim's calibration run's count.
	Steps int
	// Depth is the least depth d to assume (d-1 change points): the
	// larger of it and Options.Depth is used.
	Depth int
	// Goroutines is the most goroutines created at Target.Goroutines in
	// one recorded run: n, the goroutines the directed strategy orders.
	// 0 when unknown (no thread bounding): the calibration runs' count.
	Goroutines int
	// Runs is the aim's budget of directed runs; 0: Options.Runs. A
	// blocking candidate's holds make most runs alike, so a few suffice.
	Runs int
}

// blockingRuns is the budget of an aim at a blocking candidate.
const blockingRuns = 8

// flipRuns is the budget of an aim at an order flip (predict.Flips):
// proposed for any lock handed between goroutines or timer stopped, they
// must cost clean tests little.
const flipRuns = 4

// TestKey names one test of one package.
type TestKey struct{ Package, Test string }

// AimStats records the directed runs made for one aim.
type AimStats struct {
	Aim Aim
	// Steps is the directed strategy's k: the most target acquisitions
	// counted in the aim's calibration run (strategy random, seed 0, the
	// schedule of the test's calibration run) or in one recorded run
	// (Aim.Steps). Goroutines is n, Radius r, Depth d.
	Steps, Goroutines, Radius, Depth int
	// Runs counts the directed runs (the calibration run excluded) and
	// Deadlocks those that deadlocked, any way; Late those whose seed
	// placed late goroutines below the targets (wire.LateLow), for
	// which the per-run bound is not claimed.
	Runs, Deadlocks, Late int
	// FirstHit is the 1-based index of the first directed seed whose
	// deadlock was confirmed (seeds are deterministic, so this does not
	// depend on how many ran in parallel); 0 if none was.
	FirstHit int
	hits     map[int]string // seed index → finding ID of its deadlock
}

// aimPhase readies the directed strategy toward a: one calibration run
// that counts the target's acquisitions, and the phase of its seeded
// budget (aimRound makes it); nil when nothing is left to run.
func (t *testHunt) aimPhase(ctx context.Context, a Aim) (*phase, error) {
	o := &t.h.opts
	if !o.KeepGoing && (t.confirmed(a.ID) || a.Runs > 0 && t.done()) {
		return nil, nil // confirmed by an earlier run of the test already (a blocking candidate: anything)
	}
	target := a.Target
	// The calibration run is the test's calibration schedule (random, seed
	// 0) again, counting k. An aim whose k the recorded runs gave needs
	// none: they include that schedule (their most is at least its count).
	// Nor does a blocking candidate's: its holds, not k, decide.
	cal := &run{}
	if a.Runs == 0 && a.Steps == 0 {
		var err error
		if cal, err = t.calibration(ctx, &target); err != nil {
			return nil, err
		}
	}
	st := &AimStats{Aim: a, Depth: max(a.Depth, o.Depth), Goroutines: t.stats.Calibration.Goroutines, hits: map[int]string{}}
	st.Steps = a.Steps
	if r := cal.Result; r != nil {
		st.Steps = max(st.Steps, r.TargetAcquisitions)
		st.Goroutines = max(st.Goroutines, r.Goroutines)
	}
	if a.Goroutines > 0 { // thread bounding: n counts the target goroutines
		st.Goroutines = a.Goroutines
	}
	if st.Steps == 0 { // the calibration schedule never reached the target
		st.Steps = max(1, t.stats.Calibration.Acquisitions)
	}
	st.Radius = o.radiusFor(st.Steps)
	t.mu.Lock()
	t.stats.Aims = append(t.stats.Aims, st)
	t.mu.Unlock()
	if cal.Config.Strategy != "" {
		if err := t.record(ctx, cal); err != nil {
			return nil, err
		}
		if !o.KeepGoing && (t.confirmed(a.ID) || cal.Outcome == Deadlock && t.confirmed(findingID(t.pkg.ImportPath, cal.Result.Deadlock))) {
			return nil, nil // confirmed by the calibration run
		}
	}
	base := wire.Config{Strategy: report.Directed, Depth: st.Depth, Radius: st.Radius, Steps: st.Steps,
		Goroutines: st.Goroutines, Target: &target, WatchdogMS: o.WatchdogMS, EndSteps: t.base.EndSteps}
	runs := o.Runs
	if a.Runs > 0 && !o.KeepGoing { // keeping going spends the whole budget (hit rates)
		runs = min(runs, a.Runs)
	}
	ph := &phase{base: base, runs: runs, aim: st, drawPhase: 1}
	if cal.Config.Strategy != "" {
		ph.drawPhase = 2 // after the aim's own calibration
	}
	return ph, nil
}

// aimRound makes an aim's seeded runs: its first only, if first, else
// those not made yet. Unless keeping going, none once a run of it
// deadlocked in a confirmed way, its finding was confirmed or, for a
// blocking candidate, anything in the test was (as aimPhase).
func (t *testHunt) aimRound(ctx context.Context, ph *phase, first bool) error {
	if ph.aim == nil || t.phaseDone(ph) || ph.from > ph.runs {
		return nil
	}
	a, o := ph.aim.Aim, &t.h.opts
	if !o.KeepGoing && ph.from > 0 && (t.confirmed(a.ID) || a.Runs > 0 && t.done()) {
		return nil
	}
	all := ph.runs
	if first {
		ph.runs = 1
	}
	err := t.seeds(ctx, ph)
	ph.from, ph.runs = ph.runs+1, all
	return err
}

// finish computes FirstHit once the test's confirmed IDs are known.
func (a *AimStats) finish(confirmed []string) {
	a.FirstHit = 0
	for i, id := range a.hits {
		if slices.Contains(confirmed, id) && (a.FirstHit == 0 || i < a.FirstHit) {
			a.FirstHit = i
		}
	}
}

// aimsFor returns the aims of one test.
func (o *Options) aimsFor(pkg, test string) []Aim {
	return o.Aims[TestKey{pkg, test}]
}
