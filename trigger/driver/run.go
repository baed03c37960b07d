package driver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/deadhunt/deadhunt/trigger/instrument"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Package is one built test binary: the input of a hunt.
type Package struct {
	ImportPath string
	Dir        string // the package's source directory: the tests' working directory
	Binary     string // the instrumented test binary
	Tests      []string
	// Fingerprint identifies the instrumented build (a hash of the test
	// binary, which the go command builds reproducibly): a witness records
	// it and replay refuses a witness of other code.
	Fingerprint string
}

// dropLines removes the lines of s that mention dir.
func dropLines(s, dir string) string {
	if dir == "" || dir == "." || !strings.Contains(s, dir) {
		return s
	}
	lines := strings.Split(s, "\n")
	return strings.Join(slices.DeleteFunc(lines, func(l string) bool { return strings.Contains(l, dir) }), "\n")
}

// run is the record of one process.
type run struct {
	Config  wire.Config
	Outcome Outcome
	Code    int          // exit code, -1 if killed by a signal
	Result  *wire.Result // nil if the run wrote none
	Tail    string       // last lines of output
	Elapsed time.Duration
	Seeded  bool // one of the seeded runs (not calibration, not replay)
	// Aim is the ID of the prediction an aimed run was made for: the
	// witness says which prediction led to a confirmation.
	Aim string
	// ordinal is the run's place in the test's hunt as one process at a
	// time makes it (the plain run 1, the calibration 2, then each
	// phase's seeds in order), whatever the order runs made in parallel
	// end in; 0 until counted.
	ordinal int
	// unreproduced: its deadlock's replay did not reproduce it.
	unreproduced bool
	alone        bool // no other process of the hunt ran beside it (alone.go)
	inPlace      bool // it ran in the package directory, not a copy (workdir.go)
}

// errCanceled is returned for runs cut short because the hunt stopped.
var errCanceled = errors.New("driver: run canceled")

// runner executes single runs: one process each, in its own process group,
// killed at the time bound.
type runner struct {
	timeout time.Duration
	env     []string
	workDir string
	sem     chan struct{} // bounds processes alive at once
	args    []string      // passed to the test binary after its own flags
	dirs    *dirPool      // the runs' working directories (workdir.go)
	share   *sharing      // the processes running at once (alone.go)
}

// close removes the runs' working directories.
func (r *runner) close() { r.dirs.close() }

// exec runs test of pkg once with cfg (whose Result field it fills in).
// It returns errCanceled if ctx ended first.
func (r *runner) exec(ctx context.Context, pkg *Package, test string, cfg wire.Config) (*run, error) {
	if err := r.acquire(ctx); err != nil {
		return nil, err
	}
	defer r.release()
	return r.execHeld(ctx, pkg, test, cfg)
}

// acquire takes one of the slots of processes alive at once; it returns
// errCanceled if ctx ended first.
func (r *runner) acquire(ctx context.Context) error {
	select {
	case r.sem <- struct{}{}:
	case <-ctx.Done():
		return errCanceled
	}
	if ctx.Err() != nil { // both were ready
		r.release()
		return errCanceled
	}
	return nil
}

func (r *runner) release() { <-r.sem }

// execHeld is exec in a slot the caller holds.
func (r *runner) execHeld(ctx context.Context, pkg *Package, test string, cfg wire.Config) (*run, error) {
	dir, err := os.MkdirTemp(r.workDir, "run-")
	if err != nil {
		return nil, fmt.Errorf("driver: %w", err)
	}
	defer os.RemoveAll(dir)
	cfg.Result = filepath.Join(dir, "result.json")
	cfg.Explore = explores(cfg.Strategy)
	cfg.ScheduleIfDeadlock = cfg.Explore
	if cfg.BoundMS == 0 {
		cfg.BoundMS = int(r.timeout.Milliseconds())
	}
	return r.execIn(ctx, dir, pkg, test, cfg)
}

func (r *runner) execIn(ctx context.Context, dir string, pkg *Package, test string, cfg wire.Config) (*run, error) {
	cfgPath := filepath.Join(dir, "config.json")
	if err := writeJSON(cfgPath, cfg); err != nil {
		return nil, fmt.Errorf("driver: %w", err)
	}
	outPath := filepath.Join(dir, "output.txt")
	out, err := os.Create(outPath)
	if err != nil {
		return nil, fmt.Errorf("driver: %w", err)
	}
	defer out.Close()
	bound := r.timeout
	if cfg.BoundMS > 0 {
		bound = time.Duration(cfg.BoundMS) * time.Millisecond
	}
	wd := &mirror{dir: pkg.Dir} // a run made alone works in the package directory, as go test's
	if !r.share.isAlone(TestKey{pkg.ImportPath, test}) {
		if wd, err = r.runDir(pkg); err != nil {
			return nil, err
		}
	}
	defer r.dirs.put(wd)
	cmd := r.command(pkg, test, cfgPath, bound)
	cmd.Dir = wd.dir
	cmd.Stdout, cmd.Stderr = out, out
	end := r.share.begin(TestKey{pkg.ImportPath, test})
	start := time.Now()
	killed, err := r.wait(ctx, cmd, killAfter(bound))
	alone := end()
	out.Close()
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, errCanceled
	}
	rn := &run{Config: cfg, Code: cmd.ProcessState.ExitCode(), Elapsed: time.Since(start), alone: alone, inPlace: wd.root == ""}
	if err := r.finish(rn, outPath, killed); err != nil {
		return nil, err
	}
	rn.Tail = wd.unmirror(rn.Tail, pkg.Dir)
	return rn, nil
}

// command builds the test binary's command line (CONTRACT.md section 4);
// its working directory is the caller's to set (runDir).
// -test.timeout is a second bound, for when the driver itself dies.
// -test.parallel is raised so that every parallel subtest testing releases
// at once rejoins the runtime's scheduler, which waits for all of them
// before it decides (the order they come back in is the Go scheduler's):
// with GOMAXPROCS slots, the others would wait for a slot and the schedule
// would depend on when they get one.
func (r *runner) command(pkg *Package, test, cfgPath string, bound time.Duration) *exec.Cmd {
	cmd := exec.Command(pkg.Binary,
		"-test.run", "^"+regexp.QuoteMeta(test)+"$",
		"-test.count=1", "-test.v", "-test.parallel="+strconv.Itoa(testParallel),
		"-test.timeout="+(2*bound+time.Minute).String())
	cmd.Args = append(cmd.Args, r.args...)
	cmd.Env = append(append(os.Environ(), r.env...), wire.ConfigEnv+"="+cfgPath)
	setGroup(cmd)
	return cmd
}

// killAfter is when a run whose runtime stops it at bound (snapshot,
// result, exit) is killed if it has not: the snapshot and a long schedule
// take a while to write.
func killAfter(bound time.Duration) time.Duration { return bound + max(2*time.Second, bound/2) }

// testParallel is the -test.parallel every run gets.
const testParallel = 1024

// wait starts cmd and waits for it, killing its process group at the time
// bound or when ctx ends, and in any case once it has exited (so children
// it leaked die with it). killed reports a kill at the time bound.
func (r *runner) wait(ctx context.Context, cmd *exec.Cmd, timeout time.Duration) (killed bool, err error) {
	if err := cmd.Start(); err != nil {
		return false, fmt.Errorf("driver: %w", err)
	}
	pid := cmd.Process.Pid
	var timedOut atomic.Bool
	done := make(chan struct{})
	go func() {
		t := time.NewTimer(timeout)
		defer t.Stop()
		select {
		case <-t.C:
			timedOut.Store(true)
			killGroup(pid)
		case <-ctx.Done():
			killGroup(pid)
		case <-done:
		}
	}()
	werr := cmd.Wait()
	close(done)
	killGroup(pid)
	var exitErr *exec.ExitError
	if werr != nil && !errors.As(werr, &exitErr) {
		return false, fmt.Errorf("driver: %w", werr)
	}
	return timedOut.Load(), nil
}

// finish reads the run's result and output and classifies it.
func (r *runner) finish(rn *run, outPath string, killed bool) error {
	info, err := readOutput(outPath)
	if err != nil {
		return fmt.Errorf("driver: %w", err)
	}
	// The run's directory is removed once it ends: no path into it is
	// ever shown (the runtime prints where it wrote the result).
	rn.Tail = dropLines(info.tail, filepath.Dir(rn.Config.Result))
	res, err := readResult(rn.Config.Result)
	if err != nil {
		// A result cut short by a kill, or garbled: the run is classified
		// from its exit status alone, so it can never count as a deadlock.
		rn.Tail += "\n" + err.Error()
		res = nil
	}
	rn.Result = res
	originalFiles(res)
	if killed {
		rn.Outcome = Timeout
		return nil
	}
	rn.Outcome = classify(rn.Code, res, info)
	return nil
}

// originalFiles names the frames of r's goroutines that lie in module
// copies (instrumented builds of other modules' packages) by the module
// cache's files, as their creation sites already are.
func originalFiles(r *wire.Result) {
	if r == nil {
		return
	}
	frames := func(fs []wire.Frame) {
		for i := range fs {
			fs[i].File = instrument.OriginalFile(fs[i].File)
		}
	}
	if d := r.Deadlock; d != nil {
		for i := range d.Goroutines {
			frames(d.Goroutines[i].Stack)
			frames(d.Goroutines[i].StartedFrom)
		}
	}
	if h := r.Hang; h != nil {
		for _, gs := range [][]wire.SnapGoroutine{h.Goroutines, h.Unmanaged} {
			for i := range gs {
				frames(gs[i].Stack)
			}
		}
	}
}
