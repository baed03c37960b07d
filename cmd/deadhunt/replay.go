package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

func init() {
	register(command{name: "replay", summary: "re-run a confirmed deadlock's witness schedule", run: runReplay})
}

const replayUsage = `usage: deadhunt replay [flags] report.json

Replay rebuilds the package of each confirmed finding in the report (or only
the one named by --finding) and re-runs its test with the witness's exact
schedule, -n times. It says whether the test deadlocked again the same way
(same finding ID) and, if not, where the replay left the recorded schedule
(the code may have changed since the report was written).

Flags (-x and --x are the same):
`

const replayExitHelp = `
Exit codes: 0 no replay deadlocked (the deadlock is gone, or the schedule no
longer applies), 1 error (unreadable report, unknown finding, build
failure), 2 bad flags or arguments, 3 a replay deadlocked again.
`

func runReplay(args []string, stdout, stderr io.Writer) int {
	return inWorkDir(stderr, func(ctx context.Context, dir string) int {
		r := &replayer{stdout: stdout, stderr: stderr, dir: dir, build: instrumentBuilder{}}
		return r.main(ctx, args)
	})
}

// replayer is one invocation of deadhunt replay.
type replayer struct {
	stdout, stderr io.Writer
	dir            string
	build          builder
	finding        string
	n              int
	timeout        time.Duration
	v              bool
}

func (r *replayer) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.StringVar(&r.finding, "finding", "", "replay only the finding with this `ID` (default: every confirmed finding)")
	fs.IntVar(&r.n, "n", 1, "replay each finding this many times")
	fs.DurationVar(&r.timeout, "timeout", 10*time.Second, "bound on each replay's wall time")
	fs.BoolVar(&r.v, "v", false, "verbose: print the end of each replay's output")
	fs.SetOutput(io.Discard)
	return fs
}

func (r *replayer) parse(args []string) (string, int, bool) {
	fs := r.flagSet()
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		printUsage(replayUsage)(r.stdout, fs)
		fmt.Fprint(r.stdout, replayExitHelp)
		return "", exitOK, false
	}
	switch {
	case err != nil:
	case len(pos) != 1:
		err = fmt.Errorf("want exactly one report file, got %d argument(s)", len(pos))
	case r.n < 1:
		err = fmt.Errorf("-n %d, want at least 1", r.n)
	case r.timeout <= 0:
		err = errors.New("-timeout must be positive")
	}
	if err != nil {
		fmt.Fprintf(r.stderr, "deadhunt replay: %v\nRun 'deadhunt replay -h' for usage.\n", err)
		return "", exitUsage, false
	}
	return pos[0], 0, true
}

func (r *replayer) main(ctx context.Context, args []string) int {
	path, code, ok := r.parse(args)
	if !ok {
		return code
	}
	fs, err := r.pickFindings(path)
	if err != nil {
		fmt.Fprintf(r.stderr, "deadhunt replay: %v\n", err)
		return exitError
	}
	root, err := moduleRoot(r.dir)
	if err != nil {
		fmt.Fprintf(r.stderr, "deadhunt replay: %v\n", err)
		return exitError
	}
	build, closeAll := r.cachedBuild(root)
	defer closeAll()
	opts := driver.ReplayOptions{Build: build, Timeout: r.timeout}
	again := false
	for i := range fs {
		hits, err := r.replay(ctx, &fs[i], opts)
		if err != nil {
			fmt.Fprintf(r.stderr, "deadhunt replay: %s: %v\n", fs[i].ID, err)
			return exitError
		}
		again = again || hits > 0
	}
	if again {
		return exitDeadlock
	}
	return exitOK
}

// pickFindings reads the report and picks the findings to replay.
func (r *replayer) pickFindings(path string) ([]report.Finding, error) {
	file := path
	if !filepath.IsAbs(file) {
		file = filepath.Join(r.dir, file)
	}
	rep, err := report.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var fs []report.Finding
	for _, f := range rep.Findings {
		switch {
		case r.finding != "" && f.ID != r.finding:
		case f.Witness == nil && r.finding != "":
			return nil, fmt.Errorf("finding %s is %s, not confirmed: it has no witness to replay", f.ID, f.Status)
		case f.Witness != nil:
			fs = append(fs, f)
		}
	}
	switch {
	case len(fs) == 0 && r.finding != "":
		return nil, fmt.Errorf("%s: no finding %s", path, r.finding)
	case len(fs) == 0:
		return nil, fmt.Errorf("%s: no confirmed finding to replay", path)
	}
	return fs, nil
}

// replay replays f -n times, printing each result; it returns how many
// replays deadlocked again the same way.
func (r *replayer) replay(ctx context.Context, f *report.Finding, opts driver.ReplayOptions) (int, error) {
	hits := 0
	for i := 1; i <= r.n; i++ {
		res, err := driver.Replay(ctx, f, opts)
		if err != nil {
			return hits, err
		}
		if res.Reproduced {
			hits++
		}
		if r.n == 1 || r.v || !res.Reproduced {
			fmt.Fprintf(r.stdout, "%s replay %d/%d: %s\n", f.ID, i, r.n, describeReplay(res))
		}
		if r.v && res.Tail != "" {
			fmt.Fprintln(r.stdout, indent(res.Tail))
		}
	}
	fmt.Fprintf(r.stdout, "%s: deadlocked again in %d of %d replay(s) (%s %s)\n", f.ID, hits, r.n, f.Witness.Package, f.Witness.Test)
	return hits, nil
}

func describeReplay(res *driver.ReplayResult) string {
	switch {
	case res.Reproduced:
		return "deadlocked again the same way"
	case res.Outcome == driver.Deadlock:
		return "deadlocked differently (" + res.ID + ")"
	case res.Divergence != "":
		return "did not deadlock (" + string(res.Outcome) + "): " + res.Divergence
	default:
		return "did not deadlock (" + string(res.Outcome) + ")"
	}
}

// cachedBuild builds each package once however many replays use it;
// closeAll removes the binaries.
func (r *replayer) cachedBuild(root string) (build func(context.Context, string) (*driver.Package, error), closeAll func()) {
	cache := map[string]*driver.Package{}
	var built []*buildResult
	closeAll = func() {
		for _, b := range built {
			b.Close()
		}
	}
	return func(ctx context.Context, path string) (*driver.Package, error) {
		if p := cache[path]; p != nil {
			return p, nil
		}
		res, err := r.build.build(ctx, buildRequest{root: root, dir: root, patterns: []string{path}})
		if err != nil {
			return nil, err
		}
		built = append(built, res)
		for _, e := range res.errs {
			return nil, errors.New(e.Error())
		}
		for i := range res.pkgs {
			if res.pkgs[i].ImportPath == path {
				cache[path] = &res.pkgs[i]
				return cache[path], nil
			}
		}
		return nil, fmt.Errorf("package %s was not built (no test files?)", path)
	}, closeAll
}
