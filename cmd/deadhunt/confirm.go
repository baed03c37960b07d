package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"

	"github.com/deadhunt/deadhunt/hunt"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// confirmHints name the flags and commands confirm's messages point at.
var confirmHints = hunt.Hints{Run: "-run", Timeout: "-timeout", Fresh: "-count=1", KeepGoing: "-keep-going", Verbose: "-v", Merge: "deadhunt merge"}

// runConfirm is deadhunt confirm (help/confirm.txt).
func runConfirm(e *env, args []string) int {
	var f flags
	fs := flag.NewFlagSet("confirm", flag.ContinueOnError)
	f.addRun(fs, "hunt only in tests whose name matches this `regexp` (like go test -run)",
		"bound on each run's wall time; a run still going is killed and counted as timeout")
	fs.IntVar(&f.runs, "runs", driver.Defaults.Runs, "most seeded runs per test (and per prediction): a cap on the budget")
	fs.IntVar(&f.noGuaranteeRuns, "no-guarantee-runs", driver.Defaults.NoGuaranteeRuns, "most seeded runs of a test whose miss bound would stay 0.5 or more even after -runs runs (thousands of goroutines or acquisitions: no count of runs promises anything); its line says \"no guarantee, nor in N runs\" (not with -keep-going)")
	fs.Float64Var(&f.confidence, "confidence", driver.Defaults.Confidence, "each test's budget: the fewest seeded runs (up to -runs) after which a deadlock of depth -depth is missed with probability at most 1-confidence, from the strategy's per-run bound for the test's goroutines and acquisitions; a test whose orderings cannot all be shown (uncountable, or every seeded run showed the same one of the count) also stops (settled) once, after its predictions' directed runs and 30 seeded runs, the Good-Turing chance that a next run shows a new ordering is below 1-confidence; one whose budget promises nothing also stops once 10 controlled runs (its calibration and the recording's counted) showed no kind of ordering (by code site) that only one of them showed")
	fs.StringVar(&f.strategy, "strategy", string(driver.Defaults.Strategy), strategyUsage())
	fs.IntVar(&f.depth, "depth", driver.Defaults.Depth, "assumed bug depth d for pct, rpro and directed")
	fs.IntVar(&f.radius, "radius", 0, "rpro radius r; 0 computes max(2, 5% of acquisitions) per test")
	fs.Uint64Var(&f.seed, "seed", 0, "seed base: a test's runs use seeds base+1 .. base+runs")
	fs.StringVar(&f.out, "o", "", "also write the report (JSON) to this `file`")
	fs.StringVar(&f.sarif, "sarif", "", "also write the findings as SARIF 2.1.0 to this `file` (- for stdout)")
	fs.StringVar(&f.pprof, "pprof", "", "also write the findings' goroutines as a pprof profile to this `file` (go tool pprof -traces file)")
	fs.BoolVar(&f.noPredict, "no-predict", false, "do not record and predict: hunt every test with -strategy only")
	fs.BoolVar(&f.noStatic, "no-static", false, "do not run the static analyzer (lockcycle)")
	fs.BoolVar(&f.keepTraces, "keep-traces", false, keepTracesUsage)
	fs.BoolVar(&f.json, "json", false, "print events as JSON on stdout as the hunt goes, one object a line (docs/report.md), instead of text and progress; the report files are written as without it")
	fs.StringVar(&f.shard, "shard", "", "hunt only share `i/N` of the tests (1 <= i <= N); every shard computes the same split, join their reports with deadhunt merge")
	fs.StringVar(&f.balance, "balance", "", "balance the -shard shares by each test's cost in this earlier `report` (a merged one, say)")
	fs.IntVar(&f.count, "count", 0, "1 hunts every test again even when the hunt cache has its result for the same code and options (as go test -count=1); the cache lives in hunt/ of $"+hunt.CacheEnv+" (off: none) or deadhunt/hunt in the user cache directory (deadhunt env)")
	fs.DurationVar(&f.forTime, "for", 0, "spend at most this `duration` (e.g. 10m, for a CI job): no run starts after it; tests with predictions are hunted first, then the others, cheapest first; each test's line says what it got")
	fs.BoolVar(&f.keepGoing, "keep-going", false, "run every test's whole budget and count each finding's hits, instead of stopping a test at its first confirmation")
	fs.BoolVar(&f.v, "v", false, "verbose: print calibration, warnings, every test's runs and every finding in full (without it, findings beyond 3 of one shape, the same bug in other tests or packages, are counted with their IDs)")
	var cfg hunt.Config
	check := func([]string) error {
		if err := f.checkRun(); err != nil { // -run's own message
			return err
		}
		if f.forTime < 0 {
			return fmt.Errorf("-for %v, want a positive duration (or 0 for no limit)", f.forTime)
		}
		cfg = f.config(e)
		cfg.Hints = confirmHints
		if err := f.scale(&cfg, e); err != nil {
			return err
		}
		o, err := cfg.DriverOptions()
		return cmp.Or(err, flagError(o.CheckValid()))
	}
	pos, code, ok := parseCommand(e, fs, check, f.splitArgs(args))
	if !ok {
		return code
	}
	cfg.Out = f.out
	progress := &progress{w: e.stderr, tty: e.tty, verbose: f.v}
	if !f.json {
		cfg.Observer = progress
	} else {
		cfg.Events = eventWriter(e.stdout)
	}
	ctx, stop := e.context()
	defer stop()
	res, err := hunt.Confirm(ctx, cfg, pos)
	if !f.json {
		progress.end()
	}
	if res == nil {
		return e.fail("confirm", err)
	}
	{ // print what was found, an interrupted hunt's included
		var perr error
		if !f.json {
			perr = res.WriteText(e.stdout, f.v)
		}
		if perr == nil {
			perr = annotate(e, res.Report, res.Root, resolve(e.dir, f.sarif), report.GitHubActions() && !f.json)
		}
		if perr == nil {
			perr = writeProfile(res.Report, resolve(e.dir, f.pprof))
		}
		err = errors.Join(err, perr)
	}
	if err != nil {
		return e.fail("confirm", err)
	}
	return res.Verdict.Exit()
}

// strategyUsage is -strategy's usage, from the strategy table: the
// strategies that run seeds of their own, then those that run only the
// predictions' aims.
func strategyUsage() string {
	seeded := wire.Strategies(func(e wire.StrategyInfo) bool { return e.Hunt && !e.AimsOnly })
	aims := wire.Strategies(func(e wire.StrategyInfo) bool { return e.AimsOnly })
	return "scheduling `strategy` for tests without a confirmed prediction: " + wire.JoinStrategies(seeded) +
		"; " + wire.JoinStrategies(aims) + " runs only the predictions"
}
