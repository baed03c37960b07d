package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/deadhunt/deadhunt/hunt"
	"github.com/deadhunt/deadhunt/report"
)

// runPredict is deadhunt predict (help/predict.txt).
func runPredict(e *env, args []string) int {
	var f flags
	fs := flag.NewFlagSet("predict", flag.ContinueOnError)
	f.addRun(fs, "record only tests whose name matches this `regexp`", "bound on each recorded run's wall time")
	fs.BoolVar(&f.json, "json", false, "print the report as JSON on stdout instead of text")
	fs.StringVar(&f.out, "o", "", "also write the report (JSON) to this `file`")
	fs.StringVar(&f.pprof, "pprof", "", "write the out-of-order acquisitions as a pprof profile to this `file` (go tool pprof -top file)")
	fs.StringVar(&f.dot, "dot", "", "write the lock-order graph for Graphviz to this `file`")
	fs.StringVar(&f.sarif, "sarif", "", "write the findings as SARIF 2.1.0 to this `file` (- for stdout)")
	fs.BoolVar(&f.noStatic, "no-static", false, "do not run the static analyzer (lockcycle)")
	fs.BoolVar(&f.keepTraces, "keep-traces", false, keepTracesUsage)
	pos, code, ok := parseCommand(e, fs, func([]string) error { return f.checkRun() }, f.splitArgs(args))
	if !ok {
		return code
	}
	cfg := f.config(e)
	if !f.json {
		cfg.Observer = &progress{w: e.stderr}
	}
	ctx, stop := e.context()
	defer stop()
	ps, err := hunt.Predict(ctx, cfg, pos)
	if ps != nil {
		err = errors.Join(err, f.writePredictions(e, ps))
	}
	switch {
	case err != nil:
		return e.fail("predict", err)
	case len(ps.Report.Errors) > 0:
		return exitError
	}
	return exitOK
}

// writePredictions prints the report and writes the files the flags ask
// for.
func (f *flags) writePredictions(e *env, ps *hunt.Predictions) error {
	rep := ps.Report
	var errs []error
	if f.out != "" {
		errs = append(errs, rep.WriteFile(resolve(e.dir, f.out)))
	}
	if f.json {
		errs = append(errs, rep.Write(e.stdout))
	} else {
		errs = append(errs, ps.WriteText(e.stdout))
	}
	if f.pprof != "" {
		prof, err := ps.Profile()
		if err == nil {
			err = writeFile(resolve(e.dir, f.pprof), prof.Write)
		}
		errs = append(errs, err)
	}
	if f.dot != "" {
		errs = append(errs, writeFile(resolve(e.dir, f.dot), ps.WriteDOT))
	}
	errs = append(errs, annotate(e, rep, ps.Root, resolve(e.dir, f.sarif), report.GitHubActions() && !f.json))
	return errors.Join(errs...)
}

// fail reports a command's error and returns exit code 1.
func (e *env) fail(command string, err error) int {
	fmt.Fprintf(e.stderr, "deadhunt %s: %v\n", command, err)
	return exitError
}
