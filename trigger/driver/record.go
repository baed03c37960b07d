package driver

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/report"
)

// RecordOptions control Record.
type RecordOptions struct {
	// Dir receives the traces: Dir/<package>/<Test>.<strategy>-<seed>.trace,
	// one file per run, where <package> is the import path with "/"
	// replaced by "_". A package's old traces are removed first.
	Dir string
	// Random and PCT are how many random (seeds 0..Random-1) and pct
	// (seeds 1..PCT) runs each test records after its plain run;
	// defaults 3 and 2. Negative means none.
	Random, PCT int
	Depth       int // pct's depth; default 3
	Parallel    int
	Timeout     time.Duration
	Env         []string
	Args        []string // arguments for the test binaries after their own flags
	WatchdogMS  int
	Run         *regexp.Regexp // tests to record; nil means all
	WorkDir     string         // run files; "" uses a temporary directory
}

func (o RecordOptions) withDefaults() RecordOptions {
	h := Options{Parallel: o.Parallel, Timeout: o.Timeout, Depth: o.Depth}.WithDefaults()
	o.Parallel, o.Timeout, o.Depth = h.Parallel, h.Timeout, h.Depth
	if o.Random == 0 {
		o.Random = 3
	}
	if o.PCT == 0 {
		o.PCT = 2
	}
	return o
}

// Recording is what Record produced: every test's traces (one file per
// controlled run) and the outcomes of its runs.
type Recording struct {
	Dir    string // where the traces are: RecordOptions.Dir
	Tests  []RecordedTest
	Errors []report.PackageError
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
	plain    *run            // reused by Hunt (Options.Recording)
	// first is the first controlled run (random, seed 0): Hunt's
	// calibration run, reused.
	first *run
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

// Record runs every test once plainly (to measure k for pct), then under a
// few diversified controlled schedules (random and pct seeds), each
// writing its lock-order trace (predict/TRACE.md): different interleavings
// show lock orders one run never does. A run that deadlocks still leaves
// its trace. Deadlocks are not confirmed here; Hunt does that. A test
// whose plain run fails, panics, exits or hangs is not recorded further
// (the first controlled run, made alongside the plain run when a process
// slot is free, is dropped), and recording stops at a test's first
// controlled run that hangs, or that had no interleaving (explore.go:
// every other schedule would record the same trace).
func Record(ctx context.Context, pkgs []Package, opts RecordOptions) (*Recording, error) {
	opts = opts.withDefaults()
	if opts.Dir == "" {
		return nil, fmt.Errorf("driver: record: no trace directory")
	}
	workDir, cleanup, err := makeWorkDir(opts.WorkDir)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	r := newRunner(opts.Timeout, opts.Env, workDir, opts.Parallel)
	r.args = opts.Args
	h := &hunter{opts: Options{Run: opts.Run}}
	jobs := h.jobs(pkgs)
	for i := range pkgs {
		if err := os.RemoveAll(traceDir(opts.Dir, pkgs[i].ImportPath)); err != nil {
			return nil, fmt.Errorf("driver: record: %w", err)
		}
	}
	tests := make([]RecordedTest, len(jobs))
	errs := make([]error, len(jobs))
	parallel(len(jobs), opts.Parallel, func(i int) { tests[i], errs[i] = recordTest(ctx, r, jobs[i], &opts) })
	rec := &Recording{Dir: opts.Dir}
	for i := range jobs {
		rec.Tests = append(rec.Tests, tests[i])
		if errs[i] != nil && ctx.Err() == nil {
			rec.Errors = append(rec.Errors, report.PackageError{Package: jobs[i].pkg.ImportPath, Test: jobs[i].test, Err: errs[i].Error()})
		}
	}
	if err := ctx.Err(); err != nil {
		return rec, fmt.Errorf("driver: %w", err)
	}
	return rec, nil
}

// traceDir is the directory of one package's traces.
func traceDir(dir, importPath string) string {
	return filepath.Join(dir, strings.ReplaceAll(importPath, "/", "_"))
}

// schedules are the controlled runs a test records, given its plain run.
func (o *RecordOptions) schedules(plain Calibration) []Config {
	var cs []Config
	for s := 0; s < o.Random; s++ {
		cs = append(cs, Config{Strategy: report.Random, Seed: uint64(s)})
	}
	for s := 1; s <= o.PCT; s++ {
		cs = append(cs, Config{Strategy: report.PCT, Seed: uint64(s), Depth: o.Depth, Steps: plain.Steps, Goroutines: plain.Goroutines})
	}
	return cs
}

func recordTest(ctx context.Context, r *runner, j job, o *RecordOptions) (RecordedTest, error) {
	rt := RecordedTest{Package: j.pkg.ImportPath, Test: j.test, Outcomes: map[Outcome]int{}}
	dir := traceDir(o.Dir, j.pkg.ImportPath)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return rt, fmt.Errorf("driver: record: %w", err)
	}
	prepare := func(cfg Config) Config {
		cfg.WatchdogMS = o.WatchdogMS
		cfg.EndSteps = endStepsAfter(rt.first) // as the hunt's runs
		cfg.Trace = filepath.Join(dir, fmt.Sprintf("%s.%s-%d.trace", j.test, cfg.Strategy, cfg.Seed))
		return cfg
	}
	// The first controlled run (random, seed 0) depends on no
	// measurement: it runs alongside the plain run when another process
	// slot is free (never with -p 1), so that a test that sleeps pays its
	// real time once, not before every controlled run.
	if err := r.acquire(ctx); err != nil {
		return rt, err
	}
	var early chan runOrErr
	first := prepare(Config{Strategy: report.Random, Seed: 0})
	ectx, cancel := context.WithCancel(ctx)
	defer cancel()
	if o.Random > 0 {
		early = make(chan runOrErr, 1)
		go func() {
			rn, err := r.exec(ectx, j.pkg, j.test, first)
			early <- runOrErr{rn, err}
		}()
	}
	plain, err := r.execHeld(ctx, j.pkg, j.test, Config{Strategy: report.Plain, WatchdogMS: o.WatchdogMS})
	if err == nil {
		rt.Outcomes[plain.Outcome]++
		rt.plain = plain
	}
	if err != nil || plain.Outcome.Bad() {
		cancel() // before the slot is free: the first controlled run is not wanted
		r.release()
		if early != nil {
			<-early
			os.Remove(first.Trace)
		}
		return rt, err // a bad plain run: the test misbehaves on its own, Hunt reports it
	}
	r.release()
	for _, cfg := range o.schedules(measured(plain.Outcome, plain.Result)) {
		var rn *run
		if early != nil && cfg.Strategy == first.Strategy && cfg.Seed == first.Seed {
			e := <-early
			rn, err, cfg = e.rn, e.err, first
		} else {
			cfg = prepare(cfg)
			rn, err = r.exec(ctx, j.pkg, j.test, cfg)
		}
		if err != nil {
			return rt, err
		}
		rt.Outcomes[rn.Outcome]++
		if _, err := os.Stat(cfg.Trace); err == nil {
			rt.Traces = append(rt.Traces, cfg.Trace)
		}
		if rn.Outcome.Hung() {
			return rt, nil // one hang is enough: do not pay the bound again
		}
		if rt.first == nil && cfg.Strategy == report.Random && cfg.Seed == 0 {
			rt.first = rn
			if noInterleaving(rn) {
				return rt, nil // every other schedule orders the same way: its trace would be this one
			}
		}
	}
	return rt, nil
}

type runOrErr struct {
	rn  *run
	err error
}

// plainRun returns the recorded plain run of a test, if any.
func (r *Recording) plainRun(pkg, test string) *run {
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
