package driver

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// replayRun replays rn's schedule once and reports whether the replay
// deadlocked again with finding ID id; if not, why says what happened.
func replayRun(ctx context.Context, r *runner, pkg *Package, test string, rn *run, id string) (ok bool, why string, err error) {
	res, err := replaySchedule(ctx, r, pkg, test, rn.Config, witnessRun{rn.Result.Schedule, rn.Result.Draws, rn.Result.ClockBase}, id)
	if err != nil {
		return false, "", err
	}
	return res.Reproduced, res.why(), nil
}

// ReplayResult is the outcome of replaying a witness once.
type ReplayResult struct {
	Reproduced bool    // deadlocked again with the same finding ID
	Outcome    Outcome // how the replay run ended
	ID         string  // the replay's finding ID, if it deadlocked
	// Divergence is the runtime's warning naming the step where the replay
	// left the recorded schedule, if it did.
	Divergence string
	Warnings   []string
	Tail       string // last lines of the replay's output
}

// String says how the replay went: "deadlocked again the same way",
// "did not deadlock (pass): <divergence>".
// A replay that left the schedule is never "the same way": "diverged
// from the witness (replay: diverged at step 1: ...), then deadlocked".
func (r *ReplayResult) String() string {
	switch {
	case r.Reproduced:
		return "deadlocked again the same way"
	case r.Divergence != "" && r.Outcome == Deadlock:
		return "diverged from the witness (" + r.Divergence + "), then deadlocked (" + r.ID + "): not a reproduction"
	case r.Divergence != "":
		return "diverged from the witness (" + r.Divergence + "), then did not deadlock (" + string(r.Outcome) + ")"
	case r.Outcome == Deadlock:
		return "deadlocked differently (" + r.ID + ")"
	default:
		return "did not deadlock (" + string(r.Outcome) + ")"
	}
}

func (r *ReplayResult) why() string {
	switch {
	case r.Divergence != "":
		return "replay " + strings.TrimPrefix(r.Divergence, "replay: ")
	case r.Outcome == Deadlock:
		return "replay deadlocked differently (" + r.ID + ")"
	default:
		why := "replay ended with outcome " + string(r.Outcome)
		if last := lastLine(r.Tail); last != "" && r.Outcome != Pass {
			why += ": " + last
		}
		return why
	}
}

// lastLine is the last non-empty line of s, trimmed.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// witnessRun is what a replay gives back: the schedule, the draws and the
// virtual clock's start.
type witnessRun struct {
	Schedule  []report.Step
	Draws     *report.Draws
	ClockBase int64
}

// replaySchedule runs test once with strategy replay and w.
func replaySchedule(ctx context.Context, r *runner, pkg *Package, test string, orig wire.Config, w witnessRun, id string) (*ReplayResult, error) {
	sched := w.Schedule
	if len(sched) == 0 {
		return &ReplayResult{Outcome: Exit, Divergence: "the deadlock came with no schedule to replay"}, nil
	}
	dir, err := os.MkdirTemp(r.workDir, "replay-")
	if err != nil {
		return nil, fmt.Errorf("driver: %w", err)
	}
	defer os.RemoveAll(dir)
	cfg := orig
	cfg.Strategy, cfg.Replay = report.Replay, filepath.Join(dir, "schedule.json")
	cfg.Trace = "" // a recording run's traces may be gone (hunt/traces.go); a replay writes none
	file := wire.Result{Outcome: "deadlock", Schedule: sched, Draws: w.Draws, ClockBase: w.ClockBase}
	if len(sched) >= report.CompactMin {
		file.Schedule, file.ScheduleRLE = nil, report.Compact(sched)
	}
	data, err := json.Marshal(file)
	if err == nil {
		err = os.WriteFile(cfg.Replay, data, 0o644)
	}
	if err != nil {
		return nil, fmt.Errorf("driver: %w", err)
	}
	rn, err := r.exec(ctx, pkg, test, cfg)
	if err != nil {
		return nil, err
	}
	res := &ReplayResult{Outcome: rn.Outcome, Tail: dropLines(rn.Tail, dir)} // dir is removed on return
	if rn.Result != nil {
		res.Warnings = rn.Result.Warnings
		res.Divergence = divergence(rn.Result.Warnings)
	}
	if rn.Outcome == Deadlock {
		res.ID = findingID(pkg.ImportPath, rn.Result.Deadlock)
		// A replay that left the schedule went on at random: its deadlock
		// does not show that the witness's schedule deadlocks.
		res.Reproduced = res.ID == id && res.Divergence == ""
	}
	return res, nil
}

// divergence is the runtime's warning that the replay left the schedule:
// it diverged, or the schedule ended before the run did.
func divergence(warnings []string) string {
	for _, w := range warnings {
		if strings.Contains(w, "diverged") || strings.Contains(w, "schedule ended") {
			return w
		}
	}
	return ""
}

// ReplayOptions control Replay.
type ReplayOptions struct {
	// Build builds the instrumented test binary of a package, by import
	// path (the witness's package).
	Build   func(ctx context.Context, importPath string) (*Package, error)
	Timeout time.Duration // bound on the run; default 10s
	Env     []string      // extra environment for the test process
	WorkDir string        // "" uses a temporary directory
}

// Replay rebuilds the package named by f's witness and runs its test once
// with the witness's exact schedule. Reproduced is true only when the run
// deadlocked again with f's ID.
func Replay(ctx context.Context, f *report.Finding, opts ReplayOptions) (*ReplayResult, error) {
	w := f.Witness
	switch {
	case w == nil:
		return nil, fmt.Errorf("driver: finding %s has no witness to replay", f.ID)
	case w.Package == "" || w.Test == "":
		return nil, fmt.Errorf("driver: finding %s: witness names no package or test", f.ID)
	case opts.Build == nil:
		return nil, errors.New("driver: replay needs a Build function")
	}
	if !slices.Contains(Strategies, w.Strategy) {
		return nil, fmt.Errorf("driver: finding %s: the witness's strategy %q is not one a hunt uses (%s): the report was not written by deadhunt confirm, or was edited",
			f.ID, w.Strategy, report.JoinStrategies(Strategies))
	}
	pkg, err := opts.Build(ctx, w.Package)
	if err != nil {
		return nil, err
	}
	if w.Fingerprint != "" && pkg.Fingerprint != w.Fingerprint {
		return nil, fmt.Errorf("driver: finding %s: stale witness: the test binary of %s is not the one that recorded it (fingerprint %s, now %s): its code, the Go toolchain or deadhunt changed, or it was built in another place (checkout or DEADHUNT_CACHE); run deadhunt confirm again",
			f.ID, w.Package, w.Fingerprint, pkg.Fingerprint)
	}
	opts.Timeout = cmp.Or(opts.Timeout, Defaults.Timeout)
	workDir, cleanup, err := makeWorkDir(opts.WorkDir)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	r := newRunner(opts.Timeout, opts.Env, workDir, 1)
	defer r.close()
	r.args = w.Args
	return replaySchedule(ctx, r, pkg, w.Test, witnessConfig(w), witnessRun{w.Schedule, w.Draws, w.ClockBase}, f.ID)
}

// witnessConfig rebuilds the configuration a witness was found with.
func witnessConfig(w *report.Witness) wire.Config {
	get := func(k string) int {
		n, _ := strconv.Atoi(w.Params[k])
		return n
	}
	return wire.Config{Strategy: w.Strategy, Seed: w.Seed, Depth: get("depth"), Radius: get("radius"),
		Steps: get("steps"), Goroutines: get("goroutines"), EndSteps: get("end_steps")}
}
