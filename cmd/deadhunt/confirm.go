package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/analyzer"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

func init() {
	register(command{name: "confirm", summary: "run tests under the controlled scheduler and confirm deadlocks", run: runConfirm})
}

const confirmUsage = `usage: deadhunt confirm [flags] [packages]

Confirm builds each package's tests with deadhunt's instrumentation once,
then:
  1. records each test's lock-order traces under a plain run and a few
     random and pct schedules (.deadhunt/traces in the module root);
  2. predicts deadlocks from the traces, joined with the static analyzer's
     (lockcycle) findings;
  3. for each predicted deadlock, runs the tests that showed it under the
     directed strategy (change points only at acquisitions of the cycle's
     locks, within a radius of each other);
  4. runs every test that confirmed nothing under the -strategy (rpro)
     with many seeds.
Each run is one process, bounded in time. A deadlock is reported as
confirmed only after its schedule was replayed and deadlocked again.
Predictions not confirmed are reported as unconfirmed, with the runs tried
and the bound on the chance that a deadlock of the assumed depth was
missed; static findings whose locks no test touched, as predicted-static.
Findings listed in .deadhunt/ignore.json are marked ignored and do not
count for the exit code. Packages default to ./... .

The report is always saved to .deadhunt/last.json in the module root, and
also to the -o file if given. Replay a confirmed finding with
	deadhunt replay <report> --finding <ID>

Flags (-x and --x are the same):
`

const exitCodesHelp = `
Exit codes: 0 nothing confirmed (tests that fail on their own are reported,
not counted as errors), 1 error (a package did not build, the tool failed),
2 bad flags or arguments, 3 at least one deadlock confirmed.
`

func runConfirm(args []string, stdout, stderr io.Writer) int {
	return inWorkDir(stderr, func(ctx context.Context, dir string) int {
		c := &confirmer{stdout: stdout, stderr: stderr, dir: dir, build: instrumentBuilder{}, tty: isTerminal(stderr), static: analyzer.Findings}
		return c.main(ctx, args)
	})
}

// confirmer is one invocation of deadhunt confirm.
type confirmer struct {
	stdout, stderr io.Writer
	dir            string // the working directory packages are resolved in
	build          builder
	tty            bool // stderr is a terminal: progress is one updating line
	// static runs the static analyzer; nil (or -no-static) skips it.
	static staticFunc
	flags  confirmFlags
}

type confirmFlags struct {
	runFlags
	strategy, out, sarif string
	runs, depth, radius  int
	seed                 uint64
	json, keepGoing, v   bool
	noPredict, noStatic  bool
}

func (c *confirmer) flagSet() *flag.FlagSet {
	f := &c.flags
	fs := flag.NewFlagSet("confirm", flag.ContinueOnError)
	f.add(fs, "hunt only in tests whose name matches this `regexp` (like go test -run)",
		"bound on each run's wall time; a run still going is killed and counted as timeout")
	fs.IntVar(&f.runs, "runs", 100, "seeded runs per test (budget)")
	fs.StringVar(&f.strategy, "strategy", "rpro", "scheduling `strategy` for tests without a confirmed prediction: random, pct or rpro; directed runs only the predictions")
	fs.IntVar(&f.depth, "depth", 3, "assumed bug depth d for pct, rpro and directed")
	fs.IntVar(&f.radius, "radius", 0, "rpro radius r; 0 computes max(2, 5% of acquisitions) per test")
	fs.Uint64Var(&f.seed, "seed", 0, "seed base: a test's runs use seeds base+1 .. base+runs")
	fs.StringVar(&f.out, "o", "", "also write the report (JSON) to this `file`")
	fs.StringVar(&f.sarif, "sarif", "", "also write the findings as SARIF 2.1.0 to this `file` (- for stdout)")
	fs.BoolVar(&f.noPredict, "no-predict", false, "do not record and predict: hunt every test with -strategy only")
	fs.BoolVar(&f.noStatic, "no-static", false, "do not run the static analyzer (lockcycle)")
	fs.BoolVar(&f.json, "json", false, "print the report as JSON on stdout instead of text (and no progress)")
	fs.BoolVar(&f.keepGoing, "keep-going", false, "run every test's whole budget and count each finding's hits, instead of stopping a test at its first confirmation")
	fs.BoolVar(&f.v, "v", false, "verbose: print calibration, warnings and every test's runs")
	fs.SetOutput(io.Discard)
	return fs
}

func (c *confirmer) usage(w io.Writer, fs *flag.FlagSet) {
	printUsage(confirmUsage)(w, fs)
	fmt.Fprint(w, exitCodesHelp)
}

// parse parses args; it returns the packages, or an exit code when the
// command is over (help, usage error).
func (c *confirmer) parse(args []string) ([]string, int, bool) {
	return parsePackages(packageCommand{name: "confirm", flags: c.flagSet(), usage: c.usage,
		check: c.flags.check, stdout: c.stdout, stderr: c.stderr}, args)
}

func (f *confirmFlags) check() error {
	if err := f.runFlags.check(); err != nil {
		return err
	}
	o := f.options()
	return o.CheckValid()
}

func (f *confirmFlags) options() driver.Options {
	o := driver.Options{Runs: f.runs, Strategy: report.Strategy(f.strategy), Depth: f.depth, Radius: f.radius,
		Seed: f.seed, Parallel: f.parallel, Timeout: f.timeout, KeepGoing: f.keepGoing, Run: f.runRegexp()}
	return o
}

func (c *confirmer) main(ctx context.Context, args []string) int {
	patterns, code, ok := c.parse(args)
	if !ok {
		return code
	}
	root, err := moduleRoot(c.dir)
	if err != nil {
		fmt.Fprintf(c.stderr, "deadhunt confirm: %v\n", err)
		return exitError
	}
	rep, sum, huntErr := c.hunt(ctx, root, patterns)
	c.endProgress()
	if rep == nil {
		fmt.Fprintf(c.stderr, "deadhunt confirm: %v\n", huntErr)
		return exitError
	}
	paths, err := c.save(root, rep)
	if err == nil {
		err = c.print(rep, sum, paths)
	}
	if err == nil {
		err = annotate(rep, root, resolve(c.dir, c.flags.sarif), report.GitHubActions() && !c.flags.json, c.stdout)
	}
	if err = errors.Join(huntErr, err); err != nil {
		// An interrupted hunt still saves and prints what it found.
		fmt.Fprintf(c.stderr, "deadhunt confirm: %v\n", err)
		return exitError
	}
	return confirmExit(rep, sum)
}

// hunt builds the packages and runs the driver over them. If the hunt was
// interrupted, the report of what it did comes with the error.
func (c *confirmer) hunt(ctx context.Context, root string, patterns []string) (*report.Report, *driver.Summary, error) {
	c.progressf("building %s", strings.Join(patterns, " "))
	built, err := c.build.build(ctx, buildRequest{root: root, dir: c.dir, patterns: patterns, run: c.flags.run})
	if err != nil {
		return nil, nil, err
	}
	defer built.Close()
	if n := len(built.paths) - len(built.pkgs); n > 0 {
		c.progressf("built the tests of %d package(s); %d more have no test files", len(built.pkgs), n)
	} else {
		c.progressf("built %d package(s)", len(built.pkgs))
	}
	if c.flags.v {
		for _, w := range built.warnings {
			c.progressf("warning: %s", w)
		}
	}
	opts := c.flags.options()
	var pr *prediction
	var predErrs []report.PackageError
	if !c.flags.noPredict {
		if pr, predErrs, err = c.predict(ctx, root, patterns, built.pkgs); pr == nil {
			return nil, nil, err
		}
		opts.Aims, opts.Recording = pr.Aims, pr.rec
	}
	opts.Progress = c.progress(len(built.pkgs))
	sum, err := driver.Hunt(ctx, built.pkgs, opts)
	if sum == nil {
		return nil, nil, err
	}
	rep := &report.Report{Version: report.Version, Tool: "deadhunt confirm", Created: time.Now().UTC(),
		Packages: built.paths, Findings: sum.Findings}
	rep.Findings = append(rep.Findings, c.predictions(pr, rep.Findings, sum)...)
	rep.Errors = slices.Concat(built.errs, notBuildErrors(predErrs, built.errs), sum.Errors, testFailures(sum))
	report.Sort(rep.Findings)
	if err := applySuppressions(rep, root); err != nil {
		return rep, sum, err
	}
	return rep, sum, err
}

// predict records the tests' traces and predicts deadlocks from them (and
// the static analyzer). It returns a nil prediction only when interrupted.
func (c *confirmer) predict(ctx context.Context, root string, patterns []string, pkgs []driver.Package) (*prediction, []report.PackageError, error) {
	pl := c.flags.pipeline(root, c.dir, patterns, c.progressf)
	if !c.flags.noStatic {
		pl.static = c.static
	}
	rec, err := pl.record(ctx, pkgs)
	if err != nil {
		return nil, nil, err
	}
	pr := pl.predict(ctx, rec)
	for i := range pr.merged {
		if f := &pr.merged[i]; !slices.Contains(f.Evidence, report.Dynamic) {
			pr.AimFinding(f, pr.touched(f)) // static only: aim at the tests that touched its locks
		}
	}
	c.progressf("%s; %d prediction(s)", recordSummary(rec), len(pr.merged))
	return pr, slices.Concat(rec.Errors, pr.errs), nil
}

// predictions are the predicted findings no confirmed finding covers:
// unconfirmed (with what the directed runs aimed at them tried) when the
// tests showed them or touched their locks, predicted-static when no test
// touched their locks. Every touched test is aimed at (predict), so the
// strategy's own seeds never stand in for an aim.
// Confirmed findings that were predicted get the predictions' evidence.
func (c *confirmer) predictions(pr *prediction, confirmed []report.Finding, sum *driver.Summary) []report.Finding {
	if pr == nil {
		return nil
	}
	var out []report.Finding
	for _, f := range pr.merged {
		if i := slices.IndexFunc(confirmed, func(g report.Finding) bool { return sameBug(&f, &g) }); i >= 0 {
			confirmed[i].Evidence = report.UnionEvidence(confirmed[i].Evidence, f.Evidence)
			continue
		}
		if s := aimSearch(sum, f.ID); s != nil {
			f.Status, f.Search = report.Unconfirmed, s
		} else if slices.Contains(f.Evidence, report.Dynamic) {
			f.Status, f.Search = report.Unconfirmed, &report.Search{Strategy: report.Directed, MissBound: 1,
				Note: "no directed run: the tests that showed it failed on their own or were not hunted"}
		}
		out = append(out, f)
	}
	return out
}

// aimSearch is the search of the directed runs aimed at id, from the
// test whose runs give the weakest guarantee (largest miss bound); nil if
// no aim at id ran.
func aimSearch(sum *driver.Summary, id string) *report.Search {
	var best *report.Search
	for _, st := range sum.Tests {
		for _, a := range st.Aims {
			if a.Aim.ID != id {
				continue
			}
			if s := a.Search(); best == nil || s.MissBound > best.MissBound {
				best = s
				best.Note = st.Test + ": " + best.Note
			}
		}
	}
	return best
}

// testFailures reports tests that fail on their own, with their output.
func testFailures(sum *driver.Summary) []report.PackageError {
	var errs []report.PackageError
	for _, st := range sum.Tests {
		if f := st.Failure; f != nil {
			errs = append(errs, report.PackageError{Package: st.Package, Test: st.Test,
				Err: fmt.Sprintf("test ends with %s in its calibration run (strategy plain), not hunted; last output:\n%s", f.Outcome, indent(f.Tail))})
		}
	}
	return errs
}

func indent(s string) string { return "\t" + strings.ReplaceAll(s, "\n", "\n\t") }

// confirmExit is 3 if anything was confirmed, else 1 if a package could not
// be examined, else 0.
func confirmExit(rep *report.Report, sum *driver.Summary) int {
	if len(confirmedFindings(rep)) > 0 {
		return exitDeadlock
	}
	failed := 0
	for _, st := range sum.Tests {
		if st.Failure != nil {
			failed++
		}
	}
	if len(rep.Errors) > failed {
		return exitError
	}
	return exitOK
}

// confirmedFindings are the confirmed findings not marked ignored.
func confirmedFindings(rep *report.Report) []report.Finding {
	var fs []report.Finding
	for _, f := range rep.Findings {
		if f.Status == report.Confirmed && f.Ignored == nil {
			fs = append(fs, f)
		}
	}
	return fs
}

// moduleRoot is the directory of the go.mod governing dir.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod in %s or any parent: deadhunt works on a Go module", dir)
		}
	}
}

// save writes the report to .deadhunt/last.json and to -o; it returns the
// paths written, the one replay commands should name first.
func (c *confirmer) save(root string, rep *report.Report) ([]string, error) {
	state := filepath.Join(root, ".deadhunt")
	if err := os.MkdirAll(state, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(state, ".gitignore"), []byte("*\n"), 0o644); err != nil {
		return nil, err
	}
	paths := []string{filepath.Join(state, "last.json")}
	if out := c.flags.out; out != "" {
		if !filepath.IsAbs(out) {
			out = filepath.Join(c.dir, out)
		}
		paths = append([]string{out}, paths...)
	}
	for i := range rep.Findings {
		if w := rep.Findings[i].Witness; w != nil {
			w.Replay = driver.ReplayCommand(c.relative(paths[0]), rep.Findings[i].ID)
		}
	}
	for _, p := range paths {
		if err := rep.WriteFile(p); err != nil {
			return nil, err
		}
	}
	return paths, nil
}

// relative names path relative to the working directory when that is
// shorter, for readable replay commands.
func (c *confirmer) relative(path string) string {
	if !filepath.IsAbs(path) {
		return path
	}
	if rel, err := filepath.Rel(c.dir, path); err == nil && len(rel) < len(path) {
		return rel
	}
	return path
}

// writeTextRel writes the report as text with file names under dir (the
// working directory) relative to it, as go vet prints them; the report
// file keeps absolute names.
func writeTextRel(w io.Writer, rep *report.Report, dir string) error {
	rel, err := rep.RelativeTo(dir)
	if err != nil {
		return err
	}
	return rel.WriteText(w)
}

func (c *confirmer) print(rep *report.Report, sum *driver.Summary, paths []string) error {
	if c.flags.json {
		return rep.Write(c.stdout)
	}
	w := c.stdout
	if err := writeTextRel(w, rep, c.dir); err != nil {
		return err
	}
	if len(rep.Findings) > 0 || len(rep.Errors) > 0 {
		fmt.Fprintln(w)
	}
	c.printTests(w, sum)
	for _, p := range untested(rep, sum) {
		fmt.Fprintf(w, "%s: no tests to run (no test files, or none matching -run)\n", p)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, headline(rep, sum))
	for _, f := range confirmedFindings(rep) {
		fmt.Fprintf(w, "\t%s\n", f.Witness.Replay)
	}
	fmt.Fprintf(w, "report saved to %s\n", strings.Join(mapSlice(paths, c.relative), " and "))
	return nil
}

func (c *confirmer) printTests(w io.Writer, sum *driver.Summary) {
	bad := 0
	for _, st := range sum.Tests {
		fmt.Fprintln(w, st.String())
		if st.FirstBad != nil {
			bad++
		}
		if !c.flags.v {
			continue
		}
		cal := st.Calibration
		fmt.Fprintf(w, "\tcalibration: %d steps, %d acquisitions, %d goroutines; radius %d\n", cal.Steps, cal.Acquisitions, cal.Goroutines, cal.Radius)
		for _, a := range st.Aims {
			first := "none confirmed"
			if a.FirstHit > 0 {
				first = fmt.Sprintf("first confirmed at run %d", a.FirstHit)
			}
			fmt.Fprintf(w, "\tdirected at %s: k=%d target acquisitions, n=%d, r=%d, d=%d; %d run(s), %d deadlocked, %s\n",
				a.Aim.ID, a.Steps, a.Goroutines, a.Radius, a.Depth, a.Runs, a.Deadlocks, first)
		}
		for _, warn := range st.Warnings {
			fmt.Fprintf(w, "\twarning: %s\n", warn)
		}
		if b := st.FirstBad; b != nil {
			fmt.Fprintf(w, "\tfirst run to %s: strategy %s seed %d; last output:\n%s\n", b.Outcome, b.Strategy, b.Seed, indent(indent(b.Tail)))
		}
	}
	if bad > 0 && !c.flags.v {
		fmt.Fprintf(w, "%d test(s) misbehaved under some schedules without a deadlock (a test that relies on timing can); -v shows the first such run's output\n", bad)
	}
}

func headline(rep *report.Report, sum *driver.Summary) string {
	runs := 0
	for _, st := range sum.Tests {
		runs += st.Runs
	}
	scope := fmt.Sprintf("%d run(s) of %d test(s) in %d package(s)", runs, len(sum.Tests), len(rep.Packages))
	var line string
	if n := len(confirmedFindings(rep)); n > 0 {
		line = fmt.Sprintf("confirmed %d deadlock(s) in %s", n, scope)
	} else {
		line = "no deadlock confirmed in " + scope
	}
	if n := countStatus(rep, report.Unconfirmed); n > 0 {
		line += fmt.Sprintf("; %d prediction(s) not confirmed", n)
	}
	if n := countStatus(rep, report.PredictedStatic); n > 0 {
		line += fmt.Sprintf("; %d static prediction(s) no test reached", n)
	}
	if n := countIgnored(rep); n > 0 {
		line += fmt.Sprintf("; %d ignored", n)
	}
	if len(confirmedFindings(rep)) > 0 {
		line += "; replay with:"
	}
	return line
}

func countStatus(rep *report.Report, s report.Status) int {
	n := 0
	for _, f := range rep.Findings {
		if f.Status == s && f.Ignored == nil {
			n++
		}
	}
	return n
}

func countIgnored(rep *report.Report) int {
	n := 0
	for _, f := range rep.Findings {
		if f.Ignored != nil {
			n++
		}
	}
	return n
}

func mapSlice(xs []string, f func(string) string) []string {
	ys := slices.Clone(xs)
	for i := range ys {
		ys[i] = f(ys[i])
	}
	return ys
}

// progress returns the driver's progress callback: one updating line on a
// terminal, a line per finished test otherwise, nothing with -json.
func (c *confirmer) progress(built int) func(driver.Progress) {
	if c.flags.json {
		return nil
	}
	return func(p driver.Progress) {
		switch {
		case c.tty:
			fmt.Fprintf(c.stderr, "\r\033[K%d package(s) built · %d test(s) done · %s %s %d/%d runs · %d confirmed",
				built, p.Tests, shortPkg(p.Package), p.Test, p.Done, p.Budget, p.Findings)
		case p.Finished:
			fmt.Fprintf(c.stderr, "deadhunt: %s %s: %d run(s) · %d test(s) done · %d confirmed\n",
				p.Package, p.Test, p.Done, p.Tests, p.Findings)
		}
	}
}

func (c *confirmer) progressf(format string, args ...any) {
	switch {
	case c.flags.json:
	case c.tty:
		fmt.Fprintf(c.stderr, "\r\033[K"+format, args...)
	default:
		fmt.Fprintf(c.stderr, "deadhunt: "+format+"\n", args...)
	}
}

// endProgress clears the progress line on a terminal.
func (c *confirmer) endProgress() {
	if c.tty && !c.flags.json {
		fmt.Fprint(c.stderr, "\r\033[K")
	}
}

func shortPkg(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		if j := strings.LastIndexByte(p[:i], '/'); j >= 0 {
			return p[j+1:]
		}
	}
	return p
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// buildRequest asks for the instrumented test binaries of some packages.
type buildRequest struct {
	root, dir string // module root, and the directory patterns are relative to
	patterns  []string
	run       string // -run, to skip packages with no matching test
}

// buildResult is what a build produced: binaries, every package examined,
// and the packages that failed.
type buildResult struct {
	pkgs     []driver.Package
	paths    []string
	errs     []report.PackageError
	warnings []string
	close    func() // removes the binaries; nil if nothing to remove
}

func (b *buildResult) Close() {
	if b.close != nil {
		b.close()
	}
}

// builder builds instrumented test binaries: trigger/instrument, or a
// fake in tests.
type builder interface {
	build(ctx context.Context, req buildRequest) (*buildResult, error)
}

// instrumentBuilder builds with trigger/instrument.
type instrumentBuilder struct{}

func (instrumentBuilder) build(ctx context.Context, req buildRequest) (*buildResult, error) {
	b, err := driver.Build(ctx, driver.BuildOptions{Dir: req.dir, Patterns: req.patterns, Run: req.run})
	if err != nil {
		return nil, err
	}
	return &buildResult{pkgs: b.Packages, paths: b.Paths, errs: b.Errors, warnings: b.Warnings, close: func() { b.Close() }}, nil
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

// notBuildErrors drops the prediction errors (confirm's and predict's) of
// packages whose build already failed: the static analyzer repeats the
// compiler's complaint (and its "analysis skipped" follow-ups) for them.
func notBuildErrors(errs, build []report.PackageError) []report.PackageError {
	failed := make(map[string]bool)
	for _, e := range build {
		failed[e.Package] = true
	}
	return slices.DeleteFunc(slices.Clone(errs), func(e report.PackageError) bool { return failed[basePackage(e.Package)] })
}

// basePackage is the import path of a package as go/packages names its
// test variants: "p [p.test]" and "p.test" are p.
func basePackage(p string) string {
	p, _, _ = strings.Cut(p, " [")
	return strings.TrimSuffix(p, ".test")
}
