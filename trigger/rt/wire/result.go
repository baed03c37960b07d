package wire

import (
	"errors"
	"fmt"
)

// Result is what the runtime writes to Config.Result (CONTRACT.md section
// 5). Deadlock holds the fields of a report's finding the runtime knows.
type Result struct {
	Outcome      string   `json:"outcome"` // "deadlock", "ok" or "hang"
	Test         string   `json:"test,omitempty"`
	Strategy     Strategy `json:"strategy,omitempty"`
	Seed         uint64   `json:"seed"`
	Steps        int      `json:"steps"`
	Acquisitions int      `json:"acquisitions"`
	Goroutines   int      `json:"goroutines"`
	// TargetAcquisitions counts the acquisitions of Config.Target's locks:
	// the directed strategy's k.
	TargetAcquisitions int    `json:"target_acquisitions,omitempty"`
	Schedule           []Step `json:"schedule"`
	// ScheduleRLE is the schedule when it is long (CompactMin steps or
	// more); then Schedule is empty.
	ScheduleRLE *CompactSchedule `json:"schedule_rle,omitempty"`
	// Draws are the values the run's scheduler drew (random draws, map
	// orders, select choices), which a replay gives back; ClockBase is
	// the virtual clock's start (Unix nanoseconds), which it starts at.
	Draws     *Draws    `json:"draws,omitempty"`
	ClockBase int64     `json:"clock_base,omitempty"`
	Deadlock  *Deadlock `json:"deadlock,omitempty"`
	// Hang is the snapshot of a run stopped at its bound (outcome "hang").
	Hang     *Snapshot `json:"hang,omitempty"`
	Warnings []string  `json:"warnings,omitempty"`
	// Explore is the run's report on its interleavings, if asked for.
	Explore *Explore `json:"explore,omitempty"`
	// LeakProfile is what Go's goroutine leak profile said at the end of
	// a plain run.
	LeakProfile *LeakProfile `json:"leak_profile,omitempty"`
	// EndRunning counts the goroutines the test leaked that were still
	// running when the runtime stopped waiting for them after its end.
	EndRunning int `json:"end_running,omitempty"`
}

// CheckValid reports the first inconsistency in a result.
func (r *Result) CheckValid() error {
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

// Deadlock is the deadlock a run ended in: the part of a report's finding
// the runtime knows.
type Deadlock struct {
	Kind       Kind        `json:"kind"`
	Message    string      `json:"message"`
	Locks      []Lock      `json:"locks"`
	Edges      []Edge      `json:"edges,omitempty"`
	Goroutines []Goroutine `json:"goroutines,omitempty"`
	// Lingering (Blocked): the goroutines the test left are not blocked
	// for good but still alive when their time after the test ran out
	// (steps, or the clock's horizon): still taking steps, or waiting for
	// timers only. A leak check after the test (goleak) finds them.
	Lingering bool `json:"lingering,omitempty"`
	// Timeout: the goroutines were blocked for good but for the test's
	// own timeout, which fired, and the test failed (its watchdog).
	Timeout *Timeout `json:"timeout,omitempty"`
}

// Timeout is the test's timeout that alone could end a deadlock: the
// timer's creation site and its deadline, in virtual time since the
// test's start.
type Timeout struct {
	Site    Site  `json:"site"`
	AfterNS int64 `json:"after_ns"`
}

// Classes returns the lock classes of the deadlock, in order.
func (d *Deadlock) Classes() []string {
	cs := make([]string, len(d.Locks))
	for i, l := range d.Locks {
		cs[i] = l.Class
	}
	return cs
}

// Lock is one mutex involved in a finding.
type Lock struct {
	// Class is the stable static name of the mutex: "pkg.mu",
	// "(*pkg.T).mu", "(*pkg.T).locks[*]".
	Class string `json:"class"`
	// Instance names one object within a run (dynamic findings), e.g. "0xc000012340".
	Instance string `json:"instance,omitempty"`
	Sites    []Site `json:"sites,omitempty"` // acquisition sites
}

// Edge is one "held → acquired" step of a lock-order cycle.
type Edge struct {
	Held       string `json:"held"`     // lock class held
	Acquired   string `json:"acquired"` // lock class acquired while holding it
	Goroutine  int    `json:"goroutine,omitempty"`
	HeldAt     Site   `json:"held_at"`
	AcquiredAt Site   `json:"acquired_at"`
	// Via is the call chain from the function holding Held to the
	// acquisition of Acquired, outermost first. Dynamic marks a step made
	// through an interface method or a function value. The static
	// analysis sets them; the runtime never does.
	Via     []string `json:"via,omitempty"`
	Dynamic bool     `json:"dynamic,omitempty"`
}

// Goroutine is one goroutine involved in a confirmed deadlock.
type Goroutine struct {
	ID      int  `json:"id"`
	Created Site `json:"created,omitzero"`
	// StartedFrom are the calls that reached the `go` statement that
	// created it, its function's caller first (up to the test function).
	StartedFrom []Frame  `json:"started_from,omitempty"`
	Stack       []Frame  `json:"stack,omitempty"`
	WaitsFor    string   `json:"waits_for,omitempty"` // "Lock (*pkg.T).mu held by goroutine 7"
	Holds       []string `json:"holds,omitempty"`     // lock classes held
	// Release lists, for a goroutine left blocked on a channel, a
	// WaitGroup or a Cond, the sites of instrumented code that operate on
	// an object of the same name in the way that would release it.
	Release []Release `json:"release,omitempty"`
}

// Release is a site that would release a blocked goroutine's wait: the
// close of the channel it receives from, a Done of its WaitGroup.
type Release struct {
	Obj     string `json:"obj"`     // the waited-on object's name, e.g. "(*pkg.T).done"
	Op      string `json:"op"`      // the releasing operation: "Close", "Send", "WGDone", ...
	At      Site   `json:"at"`      // with its function
	Reached bool   `json:"reached"` // some goroutine of the run executed it (on any object)
	// Called: the run reached another site of its function (the function
	// ran, this site's path in it did not).
	Called bool `json:"called,omitempty"`
}

// Frame is one stack frame.
type Frame struct {
	Func string `json:"func"`
	File string `json:"file"`
	Line int    `json:"line"`
}

func (f Frame) String() string { return fmt.Sprintf("%s\n\t%s:%d", f.Func, f.File, f.Line) }

// Site is a source position, written "file:line:col" (col may be 0).
type Site struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col,omitempty"`
	Func string `json:"func,omitempty"`
}

// IsZero reports whether s names no position.
func (s Site) IsZero() bool { return s.File == "" && s.Line == 0 }

func (s Site) String() string {
	switch {
	case s.IsZero():
		return "-"
	case s.Col > 0:
		return fmt.Sprintf("%s:%d:%d", s.File, s.Line, s.Col)
	default:
		return fmt.Sprintf("%s:%d", s.File, s.Line)
	}
}

// Step is one scheduling decision: the goroutine chosen to run and the
// instrumented site it ran at. Change marks a priority change point.
type Step struct {
	Goroutine int    `json:"g"`
	Site      string `json:"site"`
	Op        string `json:"op,omitempty"`
	Change    bool   `json:"change,omitempty"`
	// Owner is, for a timer's firing (Goroutine 0), the goroutine that
	// created the timer (a sleep's sleeper): of timers due together at one
	// site, the one that fired. 0: not known (a witness written before).
	Owner int `json:"owner,omitempty"`
}

// Explore is what a controlled run reports about its interleavings: the
// objects two goroutines or more operated on (Shared), those among them
// whose order is not forced (Ordered), a bound on the distinct orderings
// of their conflicting operations (0: not counted, or beyond 1e15;
// Uncounted says why), and the run's ordering (Signature) and operation
// counts (Shape). The scheduler's small data choices (Choices: draws of
// a few values, orders of small maps, selects among ready cases) count
// among the orderings and in the signature; Unexplored names a draw too
// wide to cover (a 64-bit value) or a source outside the scheduler, which
// no count of runs covers. Kinds are the kinds of orderings the run
// showed (hashes, sorted; goroutines by creation sites, operations by
// sites: trigger/rt/kinds.go), unless there were more than a few
// thousand (KindsOver); DrawKinds, likewise, the kinds of its data
// choices (a goroutine's kind, the site and the value).
type Explore struct {
	Shared        int      `json:"shared"`
	Ordered       int      `json:"ordered"`
	Orderings     float64  `json:"orderings"`
	Uncounted     string   `json:"uncounted,omitempty"`
	Signature     string   `json:"signature"`
	Shape         string   `json:"shape"`
	Choices       int      `json:"choices,omitempty"`
	Unexplored    string   `json:"unexplored,omitempty"`
	Kinds         []uint64 `json:"kinds,omitempty"`
	KindsOver     bool     `json:"kinds_over,omitempty"`
	DrawKinds     []uint64 `json:"draw_kinds,omitempty"`
	DrawKindsOver bool     `json:"draw_kinds_over,omitempty"`
}
