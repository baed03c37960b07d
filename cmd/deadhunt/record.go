package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/deadhunt/deadhunt/trigger/driver"
)

func init() {
	register(command{name: "record", summary: "record the tests' lock-order traces under diversified schedules", run: runRecord})
}

const recordUsage = `usage: deadhunt record [flags] [packages]

Record builds each package's tests with deadhunt's instrumentation and runs
every test once plainly, then under -random random and -pct pct schedules,
each run writing its lock-order trace (predict/TRACE.md) to
.deadhunt/traces/<package>/<Test>.<strategy>-<seed>.trace in the module
root. Different interleavings show lock orders a single run never does.
The plain run passes operations through and records no trace. deadhunt
predict and confirm record the same way before predicting. Packages
default to ./... .

Flags (-x and --x are the same):
`

func runRecord(args []string, stdout, stderr io.Writer) int {
	return inWorkDir(stderr, func(ctx context.Context, dir string) int {
		r := &recorder{stdout: stdout, stderr: stderr, dir: dir, build: instrumentBuilder{}}
		return r.main(ctx, args)
	})
}

// recorder is one invocation of deadhunt record.
type recorder struct {
	stdout, stderr io.Writer
	dir            string
	build          builder
	flags          recordFlags
}

type recordFlags struct {
	runFlags
	random, pct int
}

func (r *recorder) flagSet() *flag.FlagSet {
	f := &r.flags
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	f.add(fs, "record only tests whose name matches this `regexp`", "bound on each run's wall time")
	fs.IntVar(&f.random, "random", 3, "random schedules per test (seeds 0..n-1)")
	fs.IntVar(&f.pct, "pct", 2, "pct schedules per test (seeds 1..n)")
	fs.SetOutput(io.Discard)
	return fs
}

func (r *recorder) parse(args []string) ([]string, int, bool) {
	return parsePackages(packageCommand{name: "record", flags: r.flagSet(), usage: printUsage(recordUsage),
		check: r.flags.check, stdout: r.stdout, stderr: r.stderr}, args)
}

func (f *recordFlags) check() error {
	if err := f.runFlags.check(); err != nil {
		return err
	}
	if f.random < 0 || f.pct < 0 || f.random+f.pct == 0 {
		return fmt.Errorf("-random %d -pct %d: want at least one traced schedule", f.random, f.pct)
	}
	return nil
}

// options are the driver's; 0 means "none" here, negative in the driver.
func (f *recordFlags) options(root string) driver.RecordOptions {
	o := driver.RecordOptions{Dir: traceDir(root), Random: f.random, PCT: f.pct, Parallel: f.parallel, Timeout: f.timeout}
	if o.Random == 0 {
		o.Random = -1
	}
	if o.PCT == 0 {
		o.PCT = -1
	}
	o.Run = f.runRegexp()
	return o
}

func (r *recorder) main(ctx context.Context, args []string) int {
	patterns, code, ok := r.parse(args)
	if !ok {
		return code
	}
	root, err := moduleRoot(r.dir)
	if err != nil {
		fmt.Fprintf(r.stderr, "deadhunt record: %v\n", err)
		return exitError
	}
	built, err := r.build.build(ctx, buildRequest{root: root, dir: r.dir, patterns: patterns, run: r.flags.run})
	if err != nil {
		fmt.Fprintf(r.stderr, "deadhunt record: %v\n", err)
		return exitError
	}
	defer built.Close()
	rec, err := driver.Record(ctx, built.pkgs, r.flags.options(root))
	if rec == nil {
		fmt.Fprintf(r.stderr, "deadhunt record: %v\n", err)
		return exitError
	}
	r.print(root, rec)
	for _, e := range append(built.errs, rec.Errors...) {
		fmt.Fprintf(r.stdout, "error: %s\n", e.Error())
		err = errors.Join(err, e)
	}
	if err != nil {
		return exitError
	}
	return exitOK
}

func (r *recorder) print(root string, rec *driver.Recording) {
	for _, t := range rec.Tests {
		fmt.Fprintf(r.stdout, "%s %s: %d trace(s)", t.Package, t.Test, len(t.Traces))
		for _, o := range driver.Outcomes {
			if n := t.Outcomes[o]; n > 0 && o != driver.Pass {
				fmt.Fprintf(r.stdout, ", %d run(s) %s", n, o)
			}
		}
		fmt.Fprintln(r.stdout)
	}
	dir := traceDir(root)
	if rel, err := filepath.Rel(r.dir, dir); err == nil {
		dir = rel
	}
	fmt.Fprintf(r.stdout, "%s in %s\n", recordSummary(rec), dir)
}
