package hunt

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"

	"github.com/deadhunt/deadhunt/hunt/internal/cache"
	"github.com/deadhunt/deadhunt/internal/gotest"
	"github.com/deadhunt/deadhunt/predict"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// pipeline is one invocation of Record, Predict or Confirm: the stages
// they share.
type pipeline struct {
	cfg      Config
	root     string // the module root
	patterns []string
	run      *regexp.Regexp // Config.Run compiled; nil for every test
	obs      Observer
	// static, unless nil, are the packages the static analyzer looks at
	// instead of patterns (those not reused from the cache); none if empty.
	static []string
	// staticAns is the static analyzer's answer when startStatic started
	// it early (it needs neither the build nor the recording); nil
	// otherwise.
	staticAns <-chan staticAnswer
	// statics is what the static cache gave (reuseStatic) and is to
	// keep; nil without the cache.
	statics *cache.Static
	// staticBegun: beginStatic ran (before the build, or after it).
	staticBegun bool
	// keepTraces: the traces go to .deadhunt/traces and stay (Record,
	// Config.KeepTraces); scratch is the hunt's own trace directory in
	// the cache otherwise, once made (traces.go).
	keepTraces bool
	scratch    string
}

type staticAnswer struct {
	rep *report.Report
	err error
}

// staticPatterns are the packages the static analyzer looks at.
func (p *pipeline) staticPatterns() []string {
	if p.static != nil {
		return p.static
	}
	return p.patterns
}

// startStatic starts the static analyzer now, to run alongside the build
// and the recording, which it does not need; predict takes its answer.
func (p *pipeline) startStatic(ctx context.Context) {
	patterns := p.staticPatterns()
	if p.cfg.Static == nil || len(patterns) == 0 {
		return
	}
	ch := make(chan staticAnswer, 1)
	p.staticAns = ch
	go func() {
		rep, err := p.cfg.Static(ctx, p.cfg.Dir, patterns...)
		ch <- staticAnswer{rep, err}
	}()
}

// beginStatic takes the static answers the cache has (src's keys) and
// starts the analyzer on the other packages, once: before the build for a
// hunt that reuses no package's results (no cache, or a fresh hunt of
// every shard), since what it analyzes does not depend on the build then,
// and it runs beside it; after the build otherwise, once p.static says
// which packages are left.
func (p *pipeline) beginStatic(ctx context.Context, ch *cache.Cache, src *cache.Sources) {
	if p.cfg.NoPredict || p.staticBegun {
		return
	}
	p.staticBegun = true
	p.reuseStatic(ch, src)
	p.startStatic(ctx)
}

func newPipeline(cfg Config, patterns []string) (*pipeline, error) {
	root, err := moduleRoot(cfg.Dir)
	if err != nil {
		return nil, err
	}
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	run, err := cfg.runRegexp()
	if err != nil {
		return nil, err
	}
	return &pipeline{cfg: cfg, root: root, patterns: patterns, run: run, obs: cfg.observer(), keepTraces: cfg.KeepTraces}, nil
}

func (p *pipeline) stage(format string, args ...any) { p.obs.Stage(fmt.Sprintf(format, args...)) }

// build builds the packages' instrumented tests; the caller closes them.
func (p *pipeline) build(ctx context.Context) (*driver.Built, error) {
	return p.cfg.build()(ctx, driver.BuildOptions{Dir: p.cfg.Dir, Patterns: p.patterns, Run: p.cfg.Run})
}

// buildAndRecord builds the packages matching patterns and records their
// tests' traces (record); the test binaries are removed again. The
// recording may come with an error (interrupted); it is nil when nothing
// could be recorded.
func buildAndRecord(ctx context.Context, cfg Config, patterns []string) (*pipeline, *driver.Built, *driver.Recording, error) {
	p, err := newPipeline(cfg, patterns)
	if err != nil {
		return nil, nil, nil, err
	}
	built, err := p.build(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	defer built.Close()
	rec, err := p.record(ctx, built.Packages, false)
	return p, built, rec, err
}

// record records the lock-order traces of the built tests into
// traceDir; with overlap, plain runs may outlast it
// (driver.RecordOptions.Overlap: the caller closes the recording).
func (p *pipeline) record(ctx context.Context, pkgs []driver.Package, overlap bool) (*driver.Recording, error) {
	p.stage("recording lock-order traces of %d package(s)", len(pkgs))
	dir, err := p.traceDir()
	if err != nil {
		return nil, err
	}
	return driver.Record(ctx, pkgs, driver.RecordOptions{Dir: dir, Random: p.cfg.Random, PCT: p.cfg.PCT,
		Run: p.run, Parallel: p.cfg.Parallel, Timeout: p.cfg.Timeout, Args: p.cfg.Args, Overlap: overlap})
}

// predictions are what a recording's traces predict, joined with the
// static analyzer's findings.
type predictions struct {
	*driver.Predictions
	// merged are the traces' and the static analyzer's predictions joined
	// by ID (predict.Merge): predicted-dynamic when traces showed them,
	// predicted-static otherwise.
	merged []report.Finding
	errs   []report.PackageError // traces that could not be read, static analysis errors
}

// predict predicts deadlocks from rec's traces and the static analyzer.
func (p *pipeline) predict(ctx context.Context, rec *driver.Recording) *predictions {
	pr := &predictions{Predictions: driver.Predict(rec, predict.Options{})}
	pr.errs = append(pr.errs, pr.Errors...)
	var static []report.Finding
	if r := p.statics; r != nil && r.Reused > 0 {
		p.stage("static analyzer: %d package(s) unchanged, answer reused from the cache", r.Reused)
		static = slices.Clone(r.Findings)
	}
	patterns := p.staticPatterns()
	if p.cfg.Static != nil && len(patterns) > 0 {
		if p.statics != nil && p.statics.Reused > 0 {
			p.stage("running the static analyzer (lockcycle) on the %d other package(s)", len(patterns))
		} else {
			p.stage("running the static analyzer (lockcycle)")
		}
		var rep *report.Report
		var err error
		if p.staticAns != nil {
			a := <-p.staticAns
			rep, err = a.rep, a.err
		} else {
			rep, err = p.cfg.Static(ctx, p.cfg.Dir, patterns...)
		}
		var skipped interface{ Skip() bool }
		switch {
		case errors.As(err, &skipped) && skipped.Skip():
			p.stage("static analyzer skipped: %v", err)
		case err != nil:
			pr.errs = append(pr.errs, report.PackageError{Package: "lockcycle", Err: err.Error()})
		default:
			static = append(static, rep.Findings...)
			pr.errs = append(pr.errs, rep.Errors...)
			p.statics.Store(rep)
		}
	}
	pr.merged = predict.Merge(pr.Findings, static)
	return pr
}

// touched returns the recorded tests of f's package that acquired one of
// f's lock classes.
func (pr *predictions) touched(f *report.Finding) []string {
	var tests []string
	for k, classes := range pr.Touched {
		if k.Package != f.Package {
			continue
		}
		for _, c := range f.Classes() {
			if classes[c] {
				tests = append(tests, k.Test)
				break
			}
		}
	}
	slices.Sort(tests)
	return tests
}

// notBuildErrors drops the errors of packages whose build already failed:
// the static analyzer repeats the compiler's complaint (and its "analysis
// skipped" follow-ups) for them.
func notBuildErrors(errs, build []report.PackageError) []report.PackageError {
	failed := make(map[string]bool)
	for _, e := range build {
		failed[e.Package] = true
	}
	return slices.DeleteFunc(slices.Clone(errs), func(e report.PackageError) bool { return failed[gotest.BasePackage(e.Package)] })
}
