package driver

import (
	"cmp"
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"time"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Strategies are the strategies the driver can hunt with (replay and plain
// it uses itself). Directed runs only the aims (Options.Aims); with any
// other strategy, a test's aims run first, then the strategy's seeds.
var Strategies = wire.Strategies(func(e wire.StrategyInfo) bool { return e.Hunt })

// Options control a hunt. The zero value is usable: WithDefaults fills in
// every unset field.
type Options struct {
	// Runs caps the seeded runs per test (and per aim); default 100.
	Runs int
	// NoGuaranteeRuns caps the seeded runs of a test whose miss bound
	// would stay 0.5 or more even after Runs (a test with thousands of
	// goroutines or acquisitions: no count of runs promises anything);
	// default 30, the runs a Good–Turing estimate is made over. Not
	// while keeping going.
	NoGuaranteeRuns int
	// Confidence sets each test's own seeded budget: the fewest runs
	// whose miss bound for a deadlock of depth Depth, from the
	// calibration's per-run bound, is at most 1-Confidence (capped by
	// Runs; the whole cap when the strategy has no bound). Default 0.99.
	Confidence float64
	Strategy   report.Strategy // random, pct, rpro or directed; default rpro
	Depth      int             // assumed bug depth d (pct, rpro; directed: at least the aim's); default 3
	// Radius is rpro's radius r; 0 computes it per test from calibration:
	// max(2, 5% of the calibration run's acquisitions).
	Radius int
	// Seed is the seed base: a test's runs use seeds Seed+1 .. Seed+Runs.
	Seed     uint64
	Parallel int           // processes at once; default GOMAXPROCS
	Timeout  time.Duration // bound on one run's wall time; default 10s
	// KeepGoing runs the whole budget of every test and counts the hits of
	// each finding, instead of stopping a test at its first confirmation.
	KeepGoing bool
	// Until, if set, is when the hunt stops starting runs (confirm's
	// -for): tests with predictions are hunted first, then the others,
	// cheapest plain run first; a test the time cut stops with StopTime.
	Until time.Time
	// expired, if set, replaces the clock in Until's checks (tests).
	expired func() bool
	Run     *regexp.Regexp // tests to hunt in; nil means all
	Env     []string       // extra environment for test processes ("K=V")
	Args    []string       // arguments for the test binaries after their own flags (go test's -args)
	// WatchdogMS is passed to the runtime (CONTRACT.md section 4); 0 lets
	// the runtime choose.
	WatchdogMS int
	// WorkDir receives each run's config, result and output; "" uses a
	// temporary directory removed at the end.
	WorkDir string
	// Aims steer each test toward its predictions with the directed
	// strategy; each aim gets Runs seeded runs of its own.
	Aims map[TestKey][]Aim
	// Recording, if set, provides each test's plain run: Hunt reuses it
	// instead of running the test plainly again.
	Recording *Recording
	// Progress, if set, is called after every run with the hunt's state.
	// Calls are serialized.
	Progress func(Progress)
}

// Progress is a snapshot of a hunt, passed to Options.Progress.
type Progress struct {
	Packages      int // packages whose tests the hunt runs
	Package, Test string
	Done, Budget  int  // runs of this test done, and its budget
	Tests         int  // tests finished so far, all packages
	Findings      int  // confirmed findings so far, all packages
	Finished      bool // this test's hunt is over (the last call for it)
	// Started is set on the first call for a test, made as its hunt
	// starts (progress.go).
	Started bool
	// Run is the run just counted (plain, calibration or seeded; not a
	// replay); nil on calls not made for a run.
	Run *RunDone
	// Confirmed is the finding a replay just confirmed, its witness
	// counting the test's runs so far; nil on other calls.
	Confirmed *report.Finding
	// Stats is the test's account, on the call that says it finished.
	Stats *TestStats
	// TotalTests are the tests selected; NoInterleaving those finished
	// with one run covering them (StopNoInterleaving). Runs counts the
	// runs of every test so far, RunsPerSecond their rate since the hunt
	// began, and Left estimates the time left from the finished tests'
	// pace (0 until one finished).
	TotalTests, NoInterleaving, Runs int
	RunsPerSecond                    float64
	Left                             time.Duration
}

// Defaults are what WithDefaults gives the options left zero, Parallel
// apart (GOMAXPROCS); the command line's flags default to them.
var Defaults = Options{Runs: 100, NoGuaranteeRuns: minEstimateRuns, Confidence: 0.99, Strategy: wire.DefaultHunt, Depth: wire.DefaultDepth, Timeout: 10 * time.Second}

// WithDefaults returns o with every unset field given its default.
func (o Options) WithDefaults() Options {
	o.Runs = cmp.Or(o.Runs, Defaults.Runs)
	o.NoGuaranteeRuns = cmp.Or(o.NoGuaranteeRuns, Defaults.NoGuaranteeRuns)
	o.Strategy = cmp.Or(o.Strategy, Defaults.Strategy)
	o.Confidence = cmp.Or(o.Confidence, Defaults.Confidence)
	o.Depth = cmp.Or(o.Depth, Defaults.Depth)
	o.Parallel = cmp.Or(o.Parallel, runtime.GOMAXPROCS(0))
	o.Timeout = cmp.Or(o.Timeout, Defaults.Timeout)
	return o
}

// OptionError is an unusable option: the field of Options in lower case
// and what is wrong with it, so that a command line can name its flag.
type OptionError struct {
	Option  string // "parallel"
	Problem string // "0, want at least 1"
}

func (e *OptionError) Error() string { return "driver: " + e.Option + " " + e.Problem }

// CheckValid reports the first unusable option, if any, as an
// *OptionError. It is the one place the options' rules are written.
func (o *Options) CheckValid() error {
	bad := func(option, format string, args ...any) error {
		return &OptionError{Option: option, Problem: fmt.Sprintf(format, args...)}
	}
	switch {
	case o.Runs < 1:
		return bad("runs", "%d, want at least 1", o.Runs)
	case o.NoGuaranteeRuns < 1:
		return bad("no-guarantee-runs", "%d, want at least 1", o.NoGuaranteeRuns)
	case !slices.Contains(Strategies, o.Strategy):
		return bad("strategy", "%q unknown (want %s)", o.Strategy, report.JoinStrategies(Strategies))
	case !(o.Confidence > 0 && o.Confidence < 1):
		return bad("confidence", "%v, want more than 0 and less than 1", o.Confidence)
	case o.Depth < 1:
		return bad("depth", "%d, want at least 1", o.Depth)
	case o.Radius < 0:
		return bad("radius", "%d, want 0 (automatic) or more", o.Radius)
	}
	return o.CheckRun()
}

// CheckRun reports an unusable Parallel or Timeout, the options of every
// command that runs tests (recording too), as an *OptionError.
func (o *Options) CheckRun() error {
	switch {
	case o.Parallel < 1:
		return &OptionError{Option: "parallel", Problem: fmt.Sprintf("%d, want at least 1", o.Parallel)}
	case o.Timeout <= 0:
		return &OptionError{Option: "timeout", Problem: "must be positive"}
	}
	return nil
}

// info is the strategy table's entry for the hunt's strategy.
func (o *Options) info() wire.StrategyInfo {
	e, _ := o.Strategy.Info()
	return e
}

// explores reports whether runs of strategy s report their interleavings
// (a name the table does not know is left to the runtime to refuse).
func explores(s report.Strategy) bool {
	e, ok := s.Info()
	return !ok || e.Explore
}

// radiusFor is the radius used for a test: the option, or max(2, 5% of the
// calibration run's acquisitions).
func (o *Options) radiusFor(acquisitions int) int {
	if o.Radius > 0 {
		return o.Radius
	}
	return max(2, acquisitions*5/100)
}
