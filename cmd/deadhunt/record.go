package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/deadhunt/deadhunt/hunt"
	"github.com/deadhunt/deadhunt/trigger/driver"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// runRecord is deadhunt record (help/record.txt).
func runRecord(e *env, args []string) int {
	var f flags
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	f.addRun(fs, "record only tests whose name matches this `regexp`", "bound on each run's wall time")
	fs.IntVar(&f.random, string(wire.Random), driver.RecordDefaults.Random, "random schedules per test (seeds 0..n-1)")
	fs.IntVar(&f.pct, string(wire.PCT), driver.RecordDefaults.PCT, "pct schedules per test (seeds 1..n)")
	check := func([]string) error {
		var err error
		if f.random < 0 || f.pct < 0 || f.random+f.pct == 0 {
			err = fmt.Errorf("-random %d -pct %d: want at least one traced schedule", f.random, f.pct)
		}
		return cmp.Or(f.checkRun(), err)
	}
	pos, code, ok := parseCommand(e, fs, check, f.splitArgs(args))
	if !ok {
		return code
	}
	cfg := f.config(e)
	cfg.Random, cfg.PCT = f.random, f.pct
	for _, n := range []*int{&cfg.Random, &cfg.PCT} {
		if *n == 0 { // none, where the pipeline's 0 is its default
			*n = -1
		}
	}
	ctx, stop := e.context()
	defer stop()
	rec, err := hunt.Record(ctx, cfg, pos)
	if rec == nil {
		return e.fail("record", err)
	}
	for _, t := range rec.Tests {
		fmt.Fprintln(e.stdout, t.String())
	}
	dir := rec.Dir
	if rel, err := filepath.Rel(e.dir, dir); err == nil {
		dir = rel
	}
	fmt.Fprintf(e.stdout, "%s in %s\n", rec, dir)
	for _, pe := range rec.Errors {
		fmt.Fprintf(e.stdout, "error: %s\n", pe.Error())
		err = errors.Join(err, pe)
	}
	if err != nil {
		return exitError
	}
	return exitOK
}
