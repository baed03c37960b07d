package driver

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/deadhunt/deadhunt/report"
)

// ConfigEnv is the environment variable naming a run's configuration file.
const ConfigEnv = "DEADHUNT_CONFIG"

// Config is one run's configuration, written as JSON to the file named by
// DEADHUNT_CONFIG (CONTRACT.md section 4).
type Config struct {
	Strategy   report.Strategy `json:"strategy"`
	Seed       uint64          `json:"seed"`
	Depth      int             `json:"depth,omitempty"`
	Radius     int             `json:"radius,omitempty"`
	Steps      int             `json:"steps,omitempty"`
	Goroutines int             `json:"goroutines,omitempty"`
	Replay     string          `json:"replay,omitempty"`
	Target     *Target         `json:"target,omitempty"`
	Result     string          `json:"result"`
	Trace      string          `json:"trace,omitempty"`
	WatchdogMS int             `json:"watchdog_ms,omitempty"`
	Explore    bool            `json:"explore,omitempty"`
	// ScheduleIfDeadlock: a result without a deadlock has no schedule.
	ScheduleIfDeadlock bool `json:"schedule_if_deadlock,omitempty"`
	// BoundMS is the run's time bound, at which the runtime stops it and
	// takes a snapshot (0: the runner's timeout). The runner kills the
	// process only if it is still alive well after (killAfter).
	BoundMS int `json:"bound_ms,omitempty"`
	// EndSteps caps the steps leaked goroutines that keep running take
	// after the test's end (0: the runtime's time limits alone).
	EndSteps int `json:"end_steps,omitempty"`
}

// Target is the part of an aim the runtime sees: what steers the directed
// strategy toward one prediction. It names the acquisitions the strategy
// counts (of Classes or at Sites) and the goroutines it orders (created at
// Goroutines, "file:line:col" of the `go` statement or "test" for the
// test's goroutine; empty: every goroutine). HeldSites (a cycle's edges'
// first acquisitions, an RWR's writers' acquisitions) are where, from
// depth 3, one change point is drawn among HeldSteps (k) acquisitions.
type Target struct {
	Classes    []string `json:"classes,omitempty"`
	Sites      []string `json:"sites,omitempty"`
	Goroutines []string `json:"goroutines,omitempty"`
	HeldSites  []string `json:"held_sites,omitempty"`
	HeldSteps  int      `json:"held_steps,omitempty"`
	// Postpone and Until aim at a blocking candidate: a goroutine about
	// to step at a Postpone site is held back until another steps at an
	// Until site, or nothing else can step (predict.Block).
	Postpone []string `json:"postpone,omitempty"`
	Until    []string `json:"until,omitempty"`
}

// RunResult is what the runtime writes to Config.Result (CONTRACT.md
// section 5). Deadlock holds the fields of a report.Finding the runtime
// knows: kind, message, locks, edges and goroutines.
type RunResult struct {
	Outcome      string `json:"outcome"` // "deadlock" or "ok"
	Test         string `json:"test"`
	Steps        int    `json:"steps"`
	Acquisitions int    `json:"acquisitions"`
	Goroutines   int    `json:"goroutines"`
	// TargetAcquisitions counts the acquisitions of Config.Target's locks:
	// the directed strategy's k.
	TargetAcquisitions int           `json:"target_acquisitions,omitempty"`
	Schedule           []report.Step `json:"schedule"`
	// ScheduleRLE is a long schedule, compact; readResult expands it into
	// Schedule.
	ScheduleRLE *report.CompactSchedule `json:"schedule_rle,omitempty"`
	Deadlock    *report.Finding         `json:"deadlock,omitempty"`
	// Hang is the snapshot of a run stopped at its bound (outcome "hang").
	Hang     *report.Snapshot `json:"hang,omitempty"`
	Warnings []string         `json:"warnings,omitempty"`
	Explore  *Explore         `json:"explore,omitempty"`
	// LeakProfile is what Go's goroutine leak profile said at the end of
	// a plain run.
	LeakProfile *report.LeakProfile `json:"leak_profile,omitempty"`
	// EndRunning counts the leaked goroutines still running when the
	// runtime stopped waiting for them after the test's end.
	EndRunning int `json:"end_running,omitempty"`
}

// CheckValid reports the first inconsistency in a result.
func (r *RunResult) CheckValid() error {
	switch r.Outcome {
	case "ok":
	case "hang":
		if r.Hang == nil {
			return errors.New("hang outcome without a snapshot")
		}
	case "deadlock":
		if r.Deadlock == nil {
			return errors.New("deadlock outcome without a deadlock")
		}
		if !r.Deadlock.Kind.Valid() {
			return fmt.Errorf("deadlock of unknown kind %q", r.Deadlock.Kind)
		}
	default:
		return fmt.Errorf("unknown outcome %q", r.Outcome)
	}
	return nil
}

func writeJSON(name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

// readResult reads a run's result file; it returns nil, nil when the run
// wrote none.
func readResult(name string) (*RunResult, error) {
	data, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var r RunResult
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("driver: result %s: %w", name, err)
	}
	if err := r.CheckValid(); err != nil {
		return nil, fmt.Errorf("driver: result %s: %w", name, err)
	}
	if c := r.ScheduleRLE; c != nil {
		if r.Schedule, err = c.Expand(); err != nil {
			return nil, fmt.Errorf("driver: result %s: %w", name, err)
		}
		r.ScheduleRLE = nil
	}
	return &r, nil
}
