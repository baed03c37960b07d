package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/deadhunt/deadhunt/hunt"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// runReplay is deadhunt replay (help/replay.txt).
func runReplay(e *env, args []string) int {
	var f flags
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.StringVar(&f.finding, "finding", "", "replay only the finding with this `ID` (default: every confirmed finding)")
	fs.IntVar(&f.n, "n", 1, "replay each finding this many times")
	fs.DurationVar(&f.timeout, "timeout", driver.Defaults.Timeout, "bound on each replay's wall time")
	fs.BoolVar(&f.v, "v", false, "verbose: print the end of each replay's output")
	check := func(pos []string) error {
		switch {
		case len(pos) != 1:
			return fmt.Errorf("want exactly one report file, got %d argument(s)", len(pos))
		case f.n < 1:
			return fmt.Errorf("-n %d, want at least 1", f.n)
		case f.timeout <= 0:
			return errors.New("-timeout must be positive")
		}
		return nil
	}
	pos, code, ok := parseCommand(e, fs, check, args)
	if !ok {
		return code
	}
	fds, err := hunt.Witnesses(e.dir, pos[0], f.finding)
	if err != nil {
		return e.fail("replay", err)
	}
	r, err := hunt.NewReplayer(hunt.Config{Dir: e.dir, Timeout: f.timeout, Build: e.build})
	if err != nil {
		return e.fail("replay", err)
	}
	defer r.Close()
	ctx, stop := e.context()
	defer stop()
	code = exitOK
	for _, fd := range fds {
		hits := 0
		for i := 1; i <= f.n; i++ {
			res, err := r.Replay(ctx, &fd)
			if err != nil {
				return e.fail("replay", fmt.Errorf("%s: %w", fd.ID, err))
			}
			if res.Reproduced {
				hits++
				code = exitDeadlock
			}
			if f.n == 1 || f.v || !res.Reproduced {
				fmt.Fprintf(e.stdout, "%s replay %d/%d: %s\n", fd.ID, i, f.n, res)
			}
			if f.v && res.Tail != "" {
				fmt.Fprintln(e.stdout, indent(res.Tail))
			}
		}
		fmt.Fprintf(e.stdout, "%s: deadlocked again in %d of %d replay(s) (%s %s)\n", fd.ID, hits, f.n, fd.Witness.Package, fd.Witness.Test)
	}
	return code
}

func indent(s string) string { return "\t" + strings.ReplaceAll(s, "\n", "\n\t") }
