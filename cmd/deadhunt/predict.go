package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"time"

	"github.com/google/pprof/profile"

	"github.com/deadhunt/deadhunt/analyzer"
	"github.com/deadhunt/deadhunt/predict"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// staticFunc runs the static analyzer (analyzer.Findings) over patterns.
type staticFunc func(ctx context.Context, dir string, patterns ...string) (*report.Report, error)

// pipeline records the built packages' tests and predicts deadlocks from
// the traces, joined with the static analyzer's findings: the first half
// of confirm, all of predict.
type pipeline struct {
	root, dir string // module root; directory patterns are resolved in
	patterns  []string
	run       *regexp.Regexp
	parallel  int
	timeout   time.Duration
	static    staticFunc // nil: no static analysis
	progressf func(format string, args ...any)
}

// traceDir is where recordings go: .deadhunt/traces in the module root.
func traceDir(root string) string { return filepath.Join(root, ".deadhunt", "traces") }

func (p *pipeline) record(ctx context.Context, pkgs []driver.Package) (*driver.Recording, error) {
	p.progressf("recording lock-order traces of %d package(s)", len(pkgs))
	return driver.Record(ctx, pkgs, driver.RecordOptions{Dir: traceDir(p.root), Run: p.run,
		Parallel: p.parallel, Timeout: p.timeout})
}

// prediction is what the traces and the static analyzer predict.
type prediction struct {
	*driver.Predictions
	// merged are the dynamic and static findings joined by ID
	// (predict.Merge): predicted-dynamic when traces showed them,
	// predicted-static otherwise.
	merged []report.Finding
	errs   []report.PackageError // traces that could not be read, static analysis errors
	rec    *driver.Recording     // what was predicted from
}

func (p *pipeline) predict(ctx context.Context, rec *driver.Recording) *prediction {
	pr := &prediction{Predictions: driver.Predict(rec, predict.Options{}), rec: rec}
	pr.errs = append(pr.errs, pr.Errors...)
	var static []report.Finding
	if p.static != nil {
		p.progressf("running the static analyzer (lockcycle)")
		rep, err := p.static(ctx, p.dir, p.patterns...)
		if err != nil {
			pr.errs = append(pr.errs, report.PackageError{Package: "lockcycle", Err: err.Error()})
		} else {
			static = rep.Findings
			pr.errs = append(pr.errs, rep.Errors...)
		}
	}
	pr.merged = predict.Merge(pr.Findings, static)
	return pr
}

// touched reports whether any recorded test of f's package acquired one of
// f's lock classes, and returns those tests.
func (pr *prediction) touched(f *report.Finding) []string {
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

// sameBug reports whether two findings of one package name the same
// deadlock: the same ID, or the same distinct lock classes (the runtime
// may call a predicted cycle "mixed" when a channel is involved too).
func sameBug(a, b *report.Finding) bool {
	if a.ID == b.ID {
		return true
	}
	if a.Package != b.Package {
		return false
	}
	ca, cb := a.Classes(), b.Classes()
	slices.Sort(ca)
	slices.Sort(cb)
	return slices.Equal(slices.Compact(ca), slices.Compact(cb))
}

func recordSummary(rec *driver.Recording) string {
	traces := 0
	for _, t := range rec.Tests {
		traces += len(t.Traces)
	}
	return fmt.Sprintf("recorded %d trace(s) of %d test(s)", traces, len(rec.Tests))
}

func init() {
	register(command{name: "predict", summary: "record the tests' lock orders and print the deadlocks they predict", run: runPredict})
}

const predictUsage = `usage: deadhunt predict [flags] [packages]

Predict builds each package's tests with deadhunt's instrumentation,
records their lock-order traces under a plain run and a few random and pct
schedules (into .deadhunt/traces in the module root), and prints the
lock-order cycles, double locks and recursive read locks the traces
predict, joined with the static analyzer's (lockcycle) findings. Nothing is
confirmed: deadhunt confirm does that. Packages default to ./... .

Flags (-x and --x are the same):
`

func runPredict(args []string, stdout, stderr io.Writer) int {
	return inWorkDir(stderr, func(ctx context.Context, dir string) int {
		p := &predictor{stdout: stdout, stderr: stderr, dir: dir, build: instrumentBuilder{}, static: analyzer.Findings}
		return p.main(ctx, args)
	})
}

// predictor is one invocation of deadhunt predict.
type predictor struct {
	stdout, stderr io.Writer
	dir            string
	build          builder
	static         staticFunc
	flags          predictFlags
}

type predictFlags struct {
	runFlags
	pprof, dot, sarif, out string
	json, noStatic         bool
}

func (p *predictor) flagSet() *flag.FlagSet {
	f := &p.flags
	fs := flag.NewFlagSet("predict", flag.ContinueOnError)
	f.add(fs, "record only tests whose name matches this `regexp`", "bound on each recorded run's wall time")
	fs.BoolVar(&f.json, "json", false, "print the report as JSON on stdout instead of text")
	fs.StringVar(&f.out, "o", "", "also write the report (JSON) to this `file`")
	fs.StringVar(&f.pprof, "pprof", "", "write the out-of-order acquisitions as a pprof profile to this `file` (go tool pprof -top file)")
	fs.StringVar(&f.dot, "dot", "", "write the lock-order graph for Graphviz to this `file`")
	fs.StringVar(&f.sarif, "sarif", "", "write the findings as SARIF 2.1.0 to this `file` (- for stdout)")
	fs.BoolVar(&f.noStatic, "no-static", false, "do not run the static analyzer (lockcycle)")
	fs.SetOutput(io.Discard)
	return fs
}

func (p *predictor) parse(args []string) ([]string, int, bool) {
	return parsePackages(packageCommand{name: "predict", flags: p.flagSet(), usage: printUsage(predictUsage),
		check: p.flags.check, stdout: p.stdout, stderr: p.stderr}, args)
}

func (p *predictor) progressf(format string, args ...any) {
	if !p.flags.json {
		fmt.Fprintf(p.stderr, "deadhunt: "+format+"\n", args...)
	}
}

func (p *predictor) main(ctx context.Context, args []string) int {
	patterns, code, ok := p.parse(args)
	if !ok {
		return code
	}
	root, err := moduleRoot(p.dir)
	if err != nil {
		fmt.Fprintf(p.stderr, "deadhunt predict: %v\n", err)
		return exitError
	}
	rep, pr, err := p.predict(ctx, root, patterns)
	if rep == nil {
		fmt.Fprintf(p.stderr, "deadhunt predict: %v\n", err)
		return exitError
	}
	if werr := p.write(root, rep, pr); werr != nil {
		err = errors.Join(err, werr)
	}
	if err != nil {
		fmt.Fprintf(p.stderr, "deadhunt predict: %v\n", err)
		return exitError
	}
	if len(rep.Errors) > 0 {
		return exitError
	}
	return exitOK
}

func (p *predictor) predict(ctx context.Context, root string, patterns []string) (*report.Report, *prediction, error) {
	built, err := p.build.build(ctx, buildRequest{root: root, dir: p.dir, patterns: patterns, run: p.flags.run})
	if err != nil {
		return nil, nil, err
	}
	defer built.Close()
	pl := p.flags.pipeline(root, p.dir, patterns, p.progressf)
	if !p.flags.noStatic {
		pl.static = p.static
	}
	rec, err := pl.record(ctx, built.pkgs)
	if rec == nil {
		return nil, nil, err
	}
	p.progressf("%s", recordSummary(rec))
	pr := pl.predict(ctx, rec)
	rep := &report.Report{Version: report.Version, Tool: "deadhunt predict", Created: time.Now().UTC(),
		Packages: built.paths, Findings: pr.merged}
	rep.Errors = slices.Concat(built.errs, notBuildErrors(slices.Concat(rec.Errors, pr.errs), built.errs))
	if rep.Findings == nil {
		rep.Findings = []report.Finding{}
	}
	return rep, pr, err
}

// write prints the report and writes the files the flags ask for.
func (p *predictor) write(root string, rep *report.Report, pr *prediction) error {
	if err := applySuppressions(rep, root); err != nil {
		return err
	}
	var errs []error
	if p.flags.out != "" {
		errs = append(errs, rep.WriteFile(p.path(p.flags.out)))
	}
	if p.flags.json {
		errs = append(errs, rep.Write(p.stdout))
	} else {
		errs = append(errs, writeTextRel(p.stdout, rep, p.dir))
		fmt.Fprintf(p.stdout, "%d prediction(s) in %d package(s); confirm with: deadhunt confirm\n", len(rep.Findings), len(rep.Packages))
	}
	if p.flags.pprof != "" {
		errs = append(errs, writeProfile(p.path(p.flags.pprof), pr))
	}
	if p.flags.dot != "" {
		errs = append(errs, writeDOT(p.path(p.flags.dot), pr))
	}
	errs = append(errs, annotate(rep, root, resolve(p.dir, p.flags.sarif), report.GitHubActions() && !p.flags.json, p.stdout))
	return errors.Join(errs...)
}

func (p *predictor) path(name string) string { return resolve(p.dir, name) }

// resolve names a file given on the command line relative to dir; "" and
// "-" (stdout) stay as they are.
func resolve(dir, name string) string {
	if filepath.IsAbs(name) || name == "-" || name == "" {
		return name
	}
	return filepath.Join(dir, name)
}

// annotate writes SARIF to the named file (if any) and, under GitHub
// Actions (github), workflow annotations to stdout, with file names relative to the
// module root.
func annotate(rep *report.Report, root, sarif string, github bool, stdout io.Writer) error {
	if sarif == "" && !github {
		return nil
	}
	rel, err := rep.RelativeTo(root)
	if err != nil {
		return err
	}
	if github {
		if err := rel.WriteGitHub(stdout); err != nil {
			return err
		}
	}
	if sarif != "" {
		return writeSARIF(rel, sarif, stdout)
	}
	return nil
}

// writeProfile writes every package's lock-order graph as one pprof
// profile.
func writeProfile(name string, pr *prediction) error {
	var ps []*profile.Profile
	for _, pkg := range pr.Packages {
		var buf bytes.Buffer
		if err := pr.Graphs[pkg].WriteProfile(&buf); err != nil {
			return err
		}
		prof, err := profile.Parse(&buf)
		if err != nil {
			return fmt.Errorf("pprof: %w", err)
		}
		ps = append(ps, prof)
	}
	if len(ps) == 0 {
		return errors.New("no traces recorded: no lock-order graph to write")
	}
	merged, err := profile.Merge(ps)
	if err != nil {
		return fmt.Errorf("pprof: %w", err)
	}
	return writeFile(name, merged.Write)
}

// writeDOT writes one Graphviz digraph per package into one file.
func writeDOT(name string, pr *prediction) error {
	return writeFile(name, func(w io.Writer) error {
		for _, pkg := range pr.Packages {
			if err := pr.Graphs[pkg].WriteDOT(w); err != nil {
				return err
			}
		}
		return nil
	})
}

func writeFile(name string, write func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
