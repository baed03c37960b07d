package hunt

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/hunt/internal/cache"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// Result is what Confirm did and found.
type Result struct {
	// Report has the confirmed findings, the predictions no run confirmed
	// (unconfirmed, or predicted-static when no test reached their locks)
	// and the errors, suppressions applied.
	Report *report.Report
	// Summary is the hunt's account of every test it ran.
	Summary *driver.Summary
	// Untested are the packages examined that ran no test and did not fail
	// to build.
	Untested []string
	// Saved are the report files written (Config.Out first, then
	// .deadhunt/last.json), relative to Config.Dir when shorter; none if
	// saving failed. A hunt that ran no test does not replace the last
	// report: Unsaved says so.
	Saved   []string
	Unsaved string
	Verdict Verdict
	Root    string // the module root, which holds .deadhunt
	// Shard is the share of the tests hunted (Config.Shard); Elsewhere
	// counts the tests left to the other shards.
	Shard     Shard
	Elsewhere int
	// Cached are the tests whose results were reused from the cache.
	Cached  []report.TestRef
	dir     string // Config.Dir, for WriteText
	hints   Hints  // Config.Hints, for WriteText
	unbuilt int    // packages that did not build
}

// Verdict is how a confirm run ended.
type Verdict int

const (
	// NoDeadlock: nothing confirmed, and every selected test was hunted.
	NoDeadlock Verdict = iota
	// Incomplete: nothing confirmed, and some package or test could not be
	// examined: it did not build, it fails on its own (its plain run, made
	// alone, misbehaves), a run could not be made, or the hunt was stopped.
	Incomplete
	// Deadlock: at least one deadlock confirmed that is not ignored.
	Deadlock
)

// Confirm builds the packages matching patterns (./... if none), records
// and predicts their tests' deadlocks (unless Config.NoPredict), hunts
// each test with the directed strategy aimed at its predictions and then
// with Config.Strategy, and saves the report. An error without a Result
// means nothing could be examined; a Result with an error (an interrupted
// hunt, a suppression file or report that could not be read or written)
// holds what was found.
func Confirm(ctx context.Context, cfg Config, patterns []string) (*Result, error) {
	start := time.Now()
	p, err := newPipeline(cfg, patterns)
	if err != nil {
		return nil, err
	}
	defer p.dropTraces() // if the hunt stopped before it predicted
	opts, err := cfg.DriverOptions()
	if err == nil {
		defaulted := opts.WithDefaults()
		err = defaulted.CheckValid()
	}
	if err != nil {
		return nil, err
	}
	if cfg.For > 0 {
		opts.Until = start.Add(cfg.For)
	}
	ev := newEmitter(cfg.Events)
	ev.start(p.patterns, cfg.Shard)
	p.stage("building %s", strings.Join(p.patterns, " "))
	ch := newCache(cfg.Cache, cfg, opts.WithDefaults())
	bc, err := p.buildCached(ctx, ch)
	if err != nil {
		return nil, err
	}
	defer bc.Close()
	w, err := p.share(ctx, bc, ch, ev)
	if err != nil {
		return nil, err
	}
	if !cfg.NoPredict {
		if err := p.predictFor(ctx, w, ev, &opts); err != nil {
			return nil, err
		}
		defer opts.Recording.Close() // its plain runs still going, if the hunt stopped before them
	}
	opts.Progress = func(pr driver.Progress) {
		p.obs.Run(pr)
		ev.progress(pr)
	}
	sum, err := driver.Hunt(ctx, w.fresh, opts)
	if sum == nil {
		return nil, err
	}
	if ctx.Err() != nil {
		err = nil // a stopped hunt: the report and the summary say so
	}
	res, rerr := p.result(ctx, w, sum, bc, ch, ev)
	return res, errors.Join(err, rerr)
}

// work is what a hunt is to do once its tests are built: the packages of
// its share still to hunt, those reused from the cache, and what its
// predictions left.
type work struct {
	built     *driver.Built
	withTests []driver.Package // every shard's packages with tests
	elsewhere int              // tests left to the other shards
	fresh     []driver.Package // to hunt
	reused    *cache.Reuse
	pr        *predictions // nil without predictions
	predErrs  []report.PackageError
}

// share reports the build, takes this shard's share of the packages
// built and splits off those the cache has; the static analyzer starts on
// the others, and their test binaries are made ready.
func (p *pipeline) share(ctx context.Context, bc *built, ch *cache.Cache, ev *emitter) (*work, error) {
	w := &work{built: bc.Built, withTests: bc.Built.Packages}
	if bc.shared {
		w.withTests, w.elsewhere = bc.all, bc.elsewhere
	}
	ev.built(w.built, w.withTests)
	if len(w.built.Packages) == 0 && len(w.built.Errors) > 0 {
		ev.failed(w.built.Errors)
		return nil, buildFailed(w.built.Errors)
	}
	line := builtLine(w.built, p.cfg.Hints)
	if bc.shared {
		line = fmt.Sprintf("built the tests of %d package(s), those with tests in this shard's share", len(w.built.Packages))
	}
	p.stage("%s", line)
	for _, warn := range w.built.Warnings {
		p.obs.Warning(warn)
	}
	if !bc.shared {
		w.built.Packages, w.elsewhere = share(w.built.Packages, p.cfg.Shard, p.cfg.Balance)
	}
	if !p.cfg.Shard.whole() {
		p.stage("shard %s: %d test(s) here, %d in the other shards", p.cfg.Shard, testCount(w.built.Packages), w.elsewhere)
	}
	w.fresh, w.reused = ch.Split(w.built.Packages, bc.src, p.cfg.Fresh)
	if n := w.reused.Len(); n > 0 {
		p.stage("%d package(s) unchanged since an earlier hunt: their results are reused from the cache", n)
	}
	if !p.staticBegun {
		p.static = w.reused.StaticPatterns(w.built.Paths)
		p.beginStatic(ctx, ch, bc.src)
	}
	return w, bc.want(ctx, p, ch, w.fresh)
}

// predictFor records the fresh packages' tests, predicts their deadlocks
// (traces and static analysis) and aims the hunt at them.
func (p *pipeline) predictFor(ctx context.Context, w *work, ev *emitter, opts *driver.Options) error {
	rec, err := p.record(ctx, w.fresh, true)
	if err != nil {
		rec.Close()
	}
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("%s while recording, before any test was hunted: no report saved", stopCause(ctx))
	}
	if err != nil {
		return err
	}
	pr := p.predict(ctx, rec)
	p.dropTraces() // predicted: the hunt needs them no more
	pr.aimStatic()
	pr.rankAims()
	p.stage("%s; %d prediction(s)", rec, len(pr.merged))
	for i := range pr.merged {
		ev.send(Event{Action: ActionPrediction, Package: pr.merged[i].Package, Finding: &pr.merged[i]})
	}
	opts.Aims, opts.Recording = pr.Aims, rec
	w.pr, w.predErrs = pr, slices.Concat(rec.Errors, pr.errs)
	return nil
}

// result makes the report of a hunt (the cache's results joined,
// suppressions applied), stores what the cache keeps and saves it.
func (p *pipeline) result(ctx context.Context, w *work, sum *driver.Summary, bc *built, ch *cache.Cache, ev *emitter) (*Result, error) {
	built := w.built
	rep := &report.Report{Version: report.Version, Tool: "deadhunt confirm", Created: time.Now().UTC(),
		Packages: built.Paths, Findings: oneEach(sum.Findings), Interrupted: interruption(ctx, sum)}
	rep.Findings = append(rep.Findings, joinPredictions(w.pr, rep.Findings, sum, p.cfg.Hints)...)
	rep.Errors = slices.Concat(built.Errors, notBuildErrors(w.predErrs, built.Errors), sum.Errors, testFailures(sum, p.cfg.Hints))
	err := errors.Join(w.reused.Store(w.fresh, rep, sum), bc.storeIndex(p, ch), p.statics.Err())
	cached := w.reused.Apply(rep, sum)
	rep.Tests = testRuns(sum, cached)
	rep.BlindSpots = entered(built.BlindSpots, sum.Tests)
	report.Sort(rep.Findings)
	res := &Result{Report: rep, Summary: sum, Untested: untested(rep, sum, w.withTests), Root: p.root, dir: p.cfg.Dir,
		unbuilt: len(built.Errors), Shard: p.cfg.Shard, Elsewhere: w.elsewhere, Cached: cached, hints: p.cfg.Hints}
	err = errors.Join(err, ApplySuppressions(rep, p.root))
	res.Verdict = verdict(rep)
	ev.reused(w.reused, cached)
	var serr error
	res.Saved, res.Unsaved, serr = p.save(rep, sum)
	ev.summary(res)
	return res, errors.Join(err, serr)
}

// buildFailed is the error of a run in which no package built: each
// package's error, once, and nothing else happens.
func buildFailed(errs []report.PackageError) error {
	lines := make([]string, len(errs))
	for i, e := range errs {
		lines[i] = e.Error()
	}
	return fmt.Errorf("nothing to hunt: %s", strings.Join(lines, "\n"))
}

// builtLine is the stage line after the build: "built the tests of 3
// package(s); 2 have no tests (or none matching -run); 1 did not build".
func builtLine(b *driver.Built, h Hints) string {
	line := fmt.Sprintf("built the tests of %d package(s)", len(b.Packages))
	if n := len(b.Paths) - len(b.Packages) - len(b.Errors); n > 0 {
		line += fmt.Sprintf("; %d have no tests (or %s)", n, h.noneSelected())
	}
	if n := len(b.Errors); n > 0 {
		line += fmt.Sprintf("; %d did not build", n)
	}
	return line
}

// stopCause names why ctx ended: "deadline" or "interrupt".
func stopCause(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "deadline"
	}
	return "interrupt"
}

// interruption says how far a stopped hunt got; nil if every test's
// hunt ran to its end.
func interruption(ctx context.Context, sum *driver.Summary) *report.Interruption {
	in := &report.Interruption{Cause: stopCause(ctx), Total: len(sum.Tests)}
	for _, st := range sum.Tests {
		ref := report.TestRef{Package: st.Package, Test: st.Test}
		switch {
		case st.NotHunted:
			in.NotHunted = append(in.NotHunted, ref)
		case st.Stop == driver.StopTime && st.Runs == 0: // -for's time ran out first
			in.NotHunted = append(in.NotHunted, ref)
			if ctx.Err() == nil {
				in.Cause = "-for time limit"
			}
		case st.Interrupted:
			in.CutShort = append(in.CutShort, ref)
		default:
			in.Done++
		}
	}
	if in.Done == in.Total {
		return nil
	}
	return in
}

// oneEach keeps one confirmed finding per ID, the first (its witness),
// listing in Tests every test that confirmed it.
func oneEach(fs []report.Finding) []report.Finding {
	return report.JoinByID(fs, func(g, f report.Finding) report.Finding {
		if len(g.Tests) == 0 {
			g.Tests = []string{g.Test}
		}
		if !slices.Contains(g.Tests, f.Test) {
			g.Tests = append(g.Tests, f.Test)
		}
		return g
	})
}

// aimStatic aims each prediction only the static analyzer made at the
// tests that touched its locks.
func (pr *predictions) aimStatic() {
	for i := range pr.merged {
		if f := &pr.merged[i]; !slices.Contains(f.Evidence, report.Dynamic) {
			pr.AimFinding(f, pr.touched(f))
		}
	}
}

// testFailures reports tests that fail on their own, with their output.
func testFailures(sum *driver.Summary, h Hints) []report.PackageError {
	var errs []report.PackageError
	for _, st := range sum.Tests {
		if f := st.Failure; f != nil && f.Outcome.Hung() && f.Busy {
			errs = append(errs, report.PackageError{Package: st.Package, Test: st.Test,
				Err: fmt.Sprintf("test still busy at its time bound in its plain run (its goroutines running or in system calls, none waiting: long, not blocked%s); hunted under control, no deadlock confirmed; last output:\n%s",
					hint(h.Timeout, "raises the bound"), indent(f.Tail))})
		} else if f != nil && f.Outcome.Hung() {
			errs = append(errs, report.PackageError{Package: st.Package, Test: st.Test,
				Err: fmt.Sprintf("test reaches its time bound in its plain run (it hangs); hunted under control, no deadlock confirmed (see its hang finding); last output:\n%s", indent(f.Tail))})
		} else if f != nil && len(st.Findings) > 0 {
			errs = append(errs, report.PackageError{Package: st.Package, Test: st.Test,
				Err: fmt.Sprintf("test ends with %s in its plain run (alone, no other process beside it, without deadhunt's scheduler), not hunted; its run under control confirmed %s, which may be what the failure reports; last output:\n%s", f.Outcome, strings.Join(st.Findings, ", "), indent(f.Tail))})
		} else if f != nil {
			errs = append(errs, report.PackageError{Package: st.Package, Test: st.Test,
				Err: fmt.Sprintf("test ends with %s in its plain run (alone, no other process beside it, without deadhunt's scheduler), not hunted; last output:\n%s", f.Outcome, indent(f.Tail))})
		}
	}
	return errs
}

// indent indents every line of s by one tab.
func indent(s string) string { return "\t" + strings.ReplaceAll(s, "\n", "\n\t") }

// verdict is Deadlock if a finding not ignored was confirmed, else
// Incomplete if an error was reported (a test failing on its own
// included, as go test fails) or the hunt was stopped, else NoDeadlock.
func verdict(rep *report.Report) Verdict {
	switch {
	case len(rep.Active(report.Confirmed)) > 0:
		return Deadlock
	case len(rep.Errors) > 0 || rep.Interrupted != nil:
		return Incomplete
	}
	return NoDeadlock
}

// untested lists the packages examined that ran no test and did not fail
// to build, nor have tests that another shard hunts.
func untested(rep *report.Report, sum *driver.Summary, withTests []driver.Package) []string {
	seen := make(map[string]bool)
	for _, p := range withTests {
		seen[p.ImportPath] = true
	}
	for _, st := range sum.Tests {
		seen[st.Package] = true
	}
	for _, e := range rep.Errors {
		seen[e.Package] = true
	}
	var ps []string
	for _, p := range rep.Packages {
		if !seen[p] {
			ps = append(ps, p)
		}
	}
	return ps
}

// entered is the blind spots with each synctest bubble's tests: those
// whose runs entered it.
func entered(spots []report.BlindSpot, tests []driver.TestStats) []report.BlindSpot {
	spots = slices.Clone(spots)
	for i := range spots {
		b := &spots[i]
		if b.What != report.Bubble {
			continue
		}
		b.Tests = nil
		for _, st := range tests {
			if st.Package == b.Package && slices.Contains(st.Bubbles, b.Pos) {
				b.Tests = append(b.Tests, st.Test)
			}
		}
	}
	return spots
}

// testRuns are the report's account of the tests hunted: runs, cost, and
// whether the result was reused from the cache.
func testRuns(sum *driver.Summary, cached []report.TestRef) []report.TestRun {
	var ts []report.TestRun
	for _, st := range sum.Tests {
		tr := st.StopRef()
		tr.Cached = slices.Contains(cached, tr.Ref())
		ts = append(ts, tr)
	}
	return ts
}

// testCount counts the packages' tests.
func testCount(pkgs []driver.Package) int {
	n := 0
	for _, p := range pkgs {
		n += len(p.Tests)
	}
	return n
}
