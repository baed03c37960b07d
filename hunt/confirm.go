package hunt

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

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
	// saving failed.
	Saved   []string
	Verdict Verdict
	Root    string // the module root, which holds .deadhunt
	dir     string // Config.Dir, for WriteText
}

// Verdict is how a confirm run ended.
type Verdict int

const (
	// NoDeadlock: nothing confirmed, and every package was examined (tests
	// that fail on their own are reported, not counted against it).
	NoDeadlock Verdict = iota
	// Incomplete: nothing confirmed, and some package or test could not be
	// examined (it did not build, a run could not be made).
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
	p, err := newPipeline(cfg, patterns)
	if err != nil {
		return nil, err
	}
	opts, err := cfg.DriverOptions()
	if err == nil {
		defaulted := opts.WithDefaults()
		err = defaulted.CheckValid()
	}
	if err != nil {
		return nil, err
	}
	p.stage("building %s", strings.Join(p.patterns, " "))
	built, err := p.build(ctx)
	if err != nil {
		return nil, err
	}
	defer built.Close()
	if n := len(built.Paths) - len(built.Packages); n > 0 {
		p.stage("built the tests of %d package(s); %d more have no test files", len(built.Packages), n)
	} else {
		p.stage("built %d package(s)", len(built.Packages))
	}
	for _, w := range built.Warnings {
		p.obs.Warning(w)
	}
	var pr *predictions
	var predErrs []report.PackageError
	if !cfg.NoPredict {
		rec, err := p.record(ctx, built.Packages)
		if err != nil {
			return nil, err
		}
		pr = p.predict(ctx, rec)
		pr.aimStatic()
		p.stage("%s; %d prediction(s)", rec, len(pr.merged))
		opts.Aims, opts.Recording = pr.Aims, rec
		predErrs = slices.Concat(rec.Errors, pr.errs)
	}
	opts.Progress = p.obs.Run
	sum, err := driver.Hunt(ctx, built.Packages, opts)
	if sum == nil {
		return nil, err
	}
	rep := &report.Report{Version: report.Version, Tool: "deadhunt confirm", Created: time.Now().UTC(),
		Packages: built.Paths, Findings: sum.Findings}
	rep.Findings = append(rep.Findings, joinPredictions(pr, rep.Findings, sum)...)
	rep.Errors = slices.Concat(built.Errors, notBuildErrors(predErrs, built.Errors), sum.Errors, testFailures(sum))
	report.Sort(rep.Findings)
	res := &Result{Report: rep, Summary: sum, Untested: untested(rep, sum), Root: p.root, dir: cfg.Dir}
	err = errors.Join(err, ApplySuppressions(rep, p.root))
	res.Verdict = verdict(rep, sum)
	saved, serr := p.save(rep)
	res.Saved = saved
	return res, errors.Join(err, serr)
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
func testFailures(sum *driver.Summary) []report.PackageError {
	var errs []report.PackageError
	for _, st := range sum.Tests {
		if f := st.Failure; f != nil {
			errs = append(errs, report.PackageError{Package: st.Package, Test: st.Test,
				Err: fmt.Sprintf("test ends with %s in its plain run, not hunted; last output:\n%s", f.Outcome, indent(f.Tail))})
		}
	}
	return errs
}

// indent indents every line of s by one tab.
func indent(s string) string { return "\t" + strings.ReplaceAll(s, "\n", "\n\t") }

// verdict is Deadlock if a finding not ignored was confirmed, else
// Incomplete if an error other than a test failing on its own was
// reported, else NoDeadlock.
func verdict(rep *report.Report, sum *driver.Summary) Verdict {
	if len(rep.Active(report.Confirmed)) > 0 {
		return Deadlock
	}
	failed := 0
	for _, st := range sum.Tests {
		if st.Failure != nil {
			failed++
		}
	}
	if len(rep.Errors) > failed {
		return Incomplete
	}
	return NoDeadlock
}

// untested lists the packages examined that ran no test and did not fail
// to build.
func untested(rep *report.Report, sum *driver.Summary) []string {
	seen := make(map[string]bool)
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
