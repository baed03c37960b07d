package driver

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// RecordOptions control Record.
type RecordOptions struct {
	// Dir receives the traces: Dir/<package>/<Test>.<strategy>-<seed>.trace,
	// one file per run, where <package> is the import path with "/"
	// replaced by "_". A package's old traces are removed first.
	Dir string
	// Random and PCT are how many random (seeds 0..Random-1) and pct
	// (seeds 1..PCT) runs each test records after its plain run;
	// defaults in RecordDefaults. Negative means none.
	Random, PCT int
	Depth       int // pct's depth; default Defaults.Depth
	Parallel    int
	Timeout     time.Duration
	Env         []string
	Args        []string // arguments for the test binaries after their own flags
	WatchdogMS  int
	Run         *regexp.Regexp // tests to record; nil means all
	WorkDir     string         // run files; "" uses a temporary directory
	// Overlap lets plain runs outlast Record: Hunt, given the recording,
	// waits for each test's own, and the caller closes the recording
	// (Recording.Close). Without it Record returns once every run ended.
	Overlap bool
}

// RecordDefaults are the Random and PCT of RecordOptions that leave them
// zero; the others take the hunt's (Defaults).
var RecordDefaults = RecordOptions{Random: 3, PCT: 2}

func (o RecordOptions) withDefaults() RecordOptions {
	h := Options{Parallel: o.Parallel, Timeout: o.Timeout, Depth: o.Depth}.WithDefaults()
	o.Parallel, o.Timeout, o.Depth = h.Parallel, h.Timeout, h.Depth
	o.Random = cmp.Or(o.Random, RecordDefaults.Random)
	o.PCT = cmp.Or(o.PCT, RecordDefaults.PCT)
	return o
}

// Recording is what Record produced: every test's traces (one file per
// controlled run) and the outcomes of its runs.
type Recording struct {
	Dir    string // where the traces are: RecordOptions.Dir
	Tests  []RecordedTest
	Errors []report.PackageError

	once    sync.Once
	cleanup func()        // removes the run files
	slots   chan struct{} // the recording's process slots, which its plain runs still going hold
	share   *sharing      // the recording's processes running at once, which the hunt's join
}

// String summarizes the recording: "recorded 12 trace(s) of 3 test(s)".
func (r *Recording) String() string {
	traces := 0
	for _, t := range r.Tests {
		traces += len(t.Traces)
	}
	return fmt.Sprintf("recorded %d trace(s) of %d test(s)", traces, len(r.Tests))
}

// RecordedTest is the recording of one test.
type RecordedTest struct {
	Package, Test string
	// Traces are the trace files written, one per controlled run.
	Traces   []string
	Outcomes map[Outcome]int // of every run, plain included
	plain    *pendingPlain   // reused by Hunt (Options.Recording)
	// first is the first controlled run (random, seed 0): Hunt's
	// calibration run, reused; deadlocks, the other controlled runs that
	// deadlocked, which Hunt counts as its next runs; others, the rest,
	// whose kinds of orderings Hunt's estimate over kinds counts
	// (space.prior).
	first             *run
	deadlocks, others []*run
}

// String is one line: "pkg TestX: 5 trace(s), 1 run(s) fail" (runs that
// did not pass are counted).
func (t *RecordedTest) String() string {
	line := fmt.Sprintf("%s %s: %d trace(s)", t.Package, t.Test, len(t.Traces))
	for _, o := range Outcomes {
		if n := t.Outcomes[o]; n > 0 && o != Pass {
			line += fmt.Sprintf(", %d run(s) %s", n, o)
		}
	}
	return line
}

// Traces returns every trace file of package pkg.
func (r *Recording) Traces(pkg string) []string {
	var ts []string
	for _, t := range r.Tests {
		if t.Package == pkg {
			ts = append(ts, t.Traces...)
		}
	}
	return ts
}

// Record runs every test once plainly (does it pass on its own?), then
// under a few diversified controlled schedules (random and pct seeds),
// each writing its lock-order trace (predict/TRACE.md): different
// interleavings show lock orders one run never does. A run that deadlocks
// still leaves its trace. Deadlocks are not confirmed here; Hunt does
// that. The plain run goes on beside the controlled ones (never with -p
// 1): they need nothing of it (the first controlled run, random seed 0,
// measures the steps and goroutines pct needs), so a test that sleeps
// pays its real time beside them, not before them; with Overlap, beside
// its hunt too. Recording stops at a test's first controlled run that
// hangs, or that had no interleaving (explore.go: every other schedule
// would record the same trace).
func Record(ctx context.Context, pkgs []Package, opts RecordOptions) (*Recording, error) {
	opts = opts.withDefaults()
	if opts.Dir == "" {
		return nil, fmt.Errorf("driver: record: no trace directory")
	}
	workDir, cleanup, err := makeWorkDir(opts.WorkDir)
	if err != nil {
		return nil, err
	}
	r := newRunner(opts.Timeout, opts.Env, workDir, opts.Parallel)
	rec := &Recording{Dir: opts.Dir, cleanup: func() { r.close(); cleanup() }}
	r.args = opts.Args
	rec.slots, rec.share = r.sem, r.share
	h := &hunter{opts: Options{Run: opts.Run}}
	jobs := h.jobs(pkgs)
	for i := range pkgs {
		if err := os.RemoveAll(traceDir(opts.Dir, pkgs[i].ImportPath)); err != nil {
			rec.cleanup()
			return nil, fmt.Errorf("driver: record: %w", err)
		}
	}
	tests := make([]RecordedTest, len(jobs))
	errs := make([]error, len(jobs))
	parallel(len(jobs), opts.Parallel, func(i int) { tests[i], errs[i] = recordTest(ctx, r, jobs[i], &opts) })
	rec.Tests = tests
	if !opts.Overlap {
		rec.Close()
	}
	for i := range jobs {
		if errs[i] == nil && !opts.Overlap {
			_, errs[i] = rec.Tests[i].plain.wait(ctx)
		}
		if errs[i] != nil && ctx.Err() == nil {
			rec.Errors = append(rec.Errors, report.PackageError{Package: jobs[i].pkg.ImportPath, Test: jobs[i].test, Err: errs[i].Error()})
		}
	}
	if err := ctx.Err(); err != nil {
		return rec, fmt.Errorf("driver: %w", err)
	}
	return rec, nil
}

// Close waits for the plain runs still going (RecordOptions.Overlap) and
// removes their run files. Hunt waits for each test's plain run; Close is
// for those not hunted (an interrupted hunt).
func (r *Recording) Close() {
	if r == nil {
		return
	}
	r.once.Do(func() {
		for i := range r.Tests {
			t := &r.Tests[i]
			if t.plain == nil {
				continue
			}
			if rn, err := t.plain.wait(context.Background()); err == nil {
				t.Outcomes[rn.Outcome]++
			}
		}
		if r.cleanup != nil {
			r.cleanup()
		}
	})
}

// pendingPlain is a test's plain run while it goes on.
type pendingPlain struct {
	done chan struct{}
	rn   *run
	err  error
	// cancel stops the run (nil for one made before the recording's
	// other runs, which has ended when Hunt sees it).
	cancel context.CancelFunc
}

func newPendingPlain() *pendingPlain { return &pendingPlain{done: make(chan struct{})} }

// ended records the plain run's end.
func (p *pendingPlain) ended(rn *run, err error) {
	p.rn, p.err = rn, err
	close(p.done)
}

// stop ends the plain run if it still goes on: it then ends with
// errCanceled.
func (p *pendingPlain) stop() {
	if p.cancel != nil {
		p.cancel()
	}
}

// ready reports whether the plain run has ended.
func (p *pendingPlain) ready() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// wait returns the plain run once it has ended; errCanceled if ctx ends
// first.
func (p *pendingPlain) wait(ctx context.Context) (*run, error) {
	select {
	case <-p.done:
		return p.rn, p.err
	case <-ctx.Done():
		return nil, errCanceled
	}
}

// traceDir is the directory of one package's traces.
func traceDir(dir, importPath string) string {
	return filepath.Join(dir, strings.ReplaceAll(importPath, "/", "_"))
}

func recordTest(ctx context.Context, r *runner, j job, o *RecordOptions) (RecordedTest, error) {
	rt := RecordedTest{Package: j.pkg.ImportPath, Test: j.test, Outcomes: map[Outcome]int{}}
	dir := traceDir(o.Dir, j.pkg.ImportPath)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return rt, fmt.Errorf("driver: record: %w", err)
	}
	if err := r.acquire(ctx); err != nil {
		return rt, err
	}
	plainCfg := wire.Config{Strategy: report.Plain, WatchdogMS: o.WatchdogMS}
	var k Calibration // what pct needs: the first controlled run's measure
	rt.plain = newPendingPlain()
	if cap(r.sem) == 1 || o.Random <= 0 {
		// One process at a time, or no random run to measure k: the plain
		// run first, and nothing more if the test misbehaves on its own.
		plain, err := r.execHeld(ctx, j.pkg, j.test, plainCfg)
		r.release()
		if err != nil {
			rt.plain = nil // Hunt runs it again
			return rt, err
		}
		rt.plain.ended(plain, nil)
		if plain.Outcome.Bad() {
			return rt, nil
		}
		k = measured(plain.Outcome, plain.Result)
	} else {
		pctx, cancel := context.WithCancel(ctx)
		rt.plain.cancel = cancel
		go func() {
			defer r.release()
			defer cancel()
			rt.plain.ended(r.execHeld(pctx, j.pkg, j.test, plainCfg))
		}()
	}
	// record makes one controlled run; stop says no further run is wanted.
	record := func(cfg wire.Config) (stop bool, err error) {
		cfg.WatchdogMS = o.WatchdogMS
		cfg.EndSteps = endStepsAfter(rt.first) // as the hunt's runs
		cfg.Trace = filepath.Join(dir, fmt.Sprintf("%s.%s-%d.trace", j.test, cfg.Strategy, cfg.Seed))
		rn, err := r.exec(ctx, j.pkg, j.test, cfg)
		if err != nil {
			return true, err
		}
		rt.Outcomes[rn.Outcome]++
		if _, err := os.Stat(cfg.Trace); err == nil {
			rt.Traces = append(rt.Traces, cfg.Trace)
		}
		first := rt.first == nil && cfg.Strategy == report.Random && cfg.Seed == 0
		if first {
			rt.first = rn // the hunt's calibration run, a hung one too
		} else if rn.Outcome == Deadlock {
			rt.deadlocks = append(rt.deadlocks, rn)
		} else {
			rt.others = append(rt.others, rn)
		}
		if rn.Outcome.Hung() {
			return true, nil // one hang is enough: do not pay the bound again
		}
		if first {
			if rn.Result != nil {
				k = measured(rn.Outcome, rn.Result)
			} else if plain, err := rt.plain.wait(ctx); err == nil {
				k = measured(plain.Outcome, plain.Result) // it measured nothing: the plain run's count
			}
			return noInterleaving(rn), nil // every other schedule orders the same way: its trace would be this one
		}
		return false, nil
	}
	for s := 0; s < o.Random; s++ {
		if stop, err := record(wire.Config{Strategy: report.Random, Seed: uint64(s)}); stop {
			return rt, err
		}
	}
	for s := 1; s <= o.PCT; s++ {
		if stop, err := record(wire.Config{Strategy: report.PCT, Seed: uint64(s), Depth: o.Depth, Steps: k.Steps, Goroutines: k.Goroutines}); stop {
			return rt, err
		}
	}
	return rt, nil
}

// plainRun returns the recorded plain run of a test, if any.
func (r *Recording) plainRun(pkg, test string) *pendingPlain {
	if t := r.test(pkg, test); t != nil {
		return t.plain
	}
	return nil
}

// firstRun returns the recorded first controlled run of a test (random,
// seed 0: Hunt's calibration), if any.
func (r *Recording) firstRun(pkg, test string) *run {
	if t := r.test(pkg, test); t != nil {
		return t.first
	}
	return nil
}

// deadlockRuns returns the recorded controlled runs of a test, other than
// the first, that deadlocked.
func (r *Recording) deadlockRuns(pkg, test string) []*run {
	if t := r.test(pkg, test); t != nil {
		return t.deadlocks
	}
	return nil
}

// otherRuns returns the recorded controlled runs of a test that were
// neither the first nor deadlocked.
func (r *Recording) otherRuns(pkg, test string) []*run {
	if t := r.test(pkg, test); t != nil {
		return t.others
	}
	return nil
}

func (r *Recording) test(pkg, test string) *RecordedTest {
	if r == nil {
		return nil
	}
	for i := range r.Tests {
		if t := &r.Tests[i]; t.Package == pkg && t.Test == test {
			return t
		}
	}
	return nil
}

// noInterleaving reports whether a run had no choice between goroutines
// ordering a shared object (explore.go).
func noInterleaving(rn *run) bool {
	if rn.Result == nil || rn.Result.Explore == nil {
		return false
	}
	e := rn.Result.Explore
	return e.Uncounted == "" && e.Orderings == 1
}

// plainDuration is how long the test's plain run took, if it has ended.
func (r *Recording) plainDuration(pkg, test string) (time.Duration, bool) {
	for i := range r.Tests {
		t := &r.Tests[i]
		if t.Package == pkg && t.Test == test && t.plain != nil && t.plain.ready() && t.plain.rn != nil {
			return t.plain.rn.Elapsed, true
		}
	}
	return 0, false
}
