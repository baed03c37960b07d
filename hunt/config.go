package hunt

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// Config configures Record, Predict, Confirm and Replayer. Zero values
// take the driver's defaults.
type Config struct {
	// Dir is the directory package patterns are resolved in; its module's
	// root holds deadhunt's state directory, .deadhunt.
	Dir string
	// Run selects the tests to record and hunt in by name, as go test -run
	// does; "" selects every test.
	Run      string
	Parallel int           // test processes at once
	Timeout  time.Duration // bound on each run's wall time

	// Random and PCT are how many random and pct schedules each test
	// records after its plain run; 0 means driver.RecordDefaults',
	// negative none.
	Random, PCT int

	// The hunt (Confirm): seeded runs per test and per aim, the strategy
	// of the seeds that follow a test's aims when they confirmed nothing,
	// the assumed depth, rpro's radius, the seed base, and whether to run
	// every test's whole budget.
	Runs int
	// NoGuaranteeRuns caps the seeded runs of a test no count of runs
	// up to Runs promises anything for (driver.Options.NoGuaranteeRuns).
	NoGuaranteeRuns int
	Confidence      float64 // the target for each test's budget (driver.Options.Confidence)
	Strategy        report.Strategy
	Depth           int
	Radius          int
	Seed            uint64
	KeepGoing       bool
	// For, if positive, is the time Confirm may spend (confirm -for): no
	// run starts after it, counted from Confirm's start; tests with
	// predictions are hunted first.
	For time.Duration
	// NoPredict hunts every test with Strategy alone: nothing is recorded
	// or predicted.
	NoPredict bool
	// KeepTraces writes the recording's traces to .deadhunt/traces in the
	// module root and keeps them there, as Record always does; otherwise
	// Predict and Confirm write them to a directory of their own in
	// deadhunt's cache and remove it when they return.
	KeepTraces bool
	// Out, if set, is a file (relative to Dir) Confirm writes the report
	// to besides .deadhunt/last.json.
	Out string
	// Shard, unless zero, hunts only that share of the tests (confirm
	// --shard); Balance, if set, are the tests' costs the shares are
	// balanced by (Costs of an earlier report, confirm --balance).
	Shard   Shard
	Balance map[report.TestRef]int64
	// Cache is the directory of the hunt cache (DefaultCacheDir); "" for
	// none. Fresh hunts every test even when the cache has its result (go
	// test's -count=1), writing the cache all the same.
	Cache string
	Fresh bool
	// Events, if set, is told what happens as it happens (confirm --json);
	// calls are serialized.
	Events func(Event)
	// Args are passed to every test binary after its own flags, as go
	// test's -args.
	Args []string
	// Hints name the caller's ways of doing what messages suggest.
	Hints Hints

	// Build builds the instrumented test binaries; nil is driver.Build.
	// Tests pass a fake.
	Build Builder
	// Static runs the static analyzer; nil runs none.
	Static StaticFunc
	// Observer is told how the work progresses; nil tells no one.
	Observer Observer
}

// Builder builds the instrumented test binaries of the packages matching
// opts.Patterns, as driver.Build does.
type Builder func(ctx context.Context, opts driver.BuildOptions) (*driver.Built, error)

// StaticFunc runs the static analyzer over the packages matching patterns
// in dir, as analyzer.Findings does.
type StaticFunc func(ctx context.Context, dir string, patterns ...string) (*report.Report, error)

// Observer is told how the work progresses, for progress output. Calls
// are serialized.
type Observer interface {
	// Stage says what the pipeline starts or has finished, as one line:
	// "building ./...", "recorded 12 trace(s) of 3 test(s)".
	Stage(line string)
	// Warning names a construct the instrumenter left uncontrolled:
	// "pkg: file:line:col: message".
	Warning(line string)
	// Run is told the hunt's state after each of its runs.
	Run(p driver.Progress)
}

// DriverOptions are the options Confirm hunts with, before the driver's
// defaults fill in the zero ones (Confirm rejects what CheckValid rejects
// after that, before it builds anything). The command line checks them
// without defaults: a flag given as 0 is an error there.
func (c *Config) DriverOptions() (driver.Options, error) {
	run, err := c.runRegexp()
	return driver.Options{Runs: c.Runs, NoGuaranteeRuns: c.NoGuaranteeRuns, Confidence: c.Confidence, Strategy: c.Strategy, Depth: c.Depth, Radius: c.Radius, Seed: c.Seed,
		Parallel: c.Parallel, Timeout: c.Timeout, KeepGoing: c.KeepGoing, Run: run, Args: c.Args}, err
}

// runRegexp is Run compiled, or nil for every test.
func (c *Config) runRegexp() (*regexp.Regexp, error) {
	if c.Run == "" {
		return nil, nil
	}
	re, err := regexp.Compile(c.Run)
	if err != nil {
		return nil, fmt.Errorf("hunt: run: %w", err)
	}
	return re, nil
}

func (c *Config) build() Builder {
	if c.Build == nil {
		return driver.Build
	}
	return c.Build
}

func (c *Config) observer() Observer {
	if c.Observer == nil {
		return silent{}
	}
	return c.Observer
}

// silent is the Observer of a Config that has none.
type silent struct{}

func (silent) Stage(string)        {}
func (silent) Warning(string)      {}
func (silent) Run(driver.Progress) {}
