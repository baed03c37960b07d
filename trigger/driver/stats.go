package driver

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/report"
)

// BubblePrefix starts the runtime's warning that a run entered a
// testing/synctest bubble (CONTRACT.md section 3); the call's position
// follows.
const BubblePrefix = "synctest bubble entered at "

// LostUnlockPrefix starts the runtime's warning that a goroutine was left
// blocked, when the test ended, on a lock its live holder took in a
// function that has returned (a callback's lost unlock): shown with the
// test's warnings, the first maxLostUnlocks distinct ones.
const LostUnlockPrefix = "lost unlock: "

const maxLostUnlocks = 3

// Summary is the result of a hunt.
type Summary struct {
	Findings []report.Finding      // confirmed findings, in discovery order per test
	Tests    []TestStats           // one per test hunted, in package then test order
	Errors   []report.PackageError // runs the driver could not make
}

// TestStats records what the hunt did with one test.
type TestStats struct {
	Package, Test string
	Calibration   Calibration
	// Runs counts the runs of the hunt (the plain run, the calibration
	// runs and the seeded runs; not replays); Outcomes splits them by
	// outcome.
	Runs     int
	Outcomes map[Outcome]int
	// Elapsed is the wall time of those processes, added up.
	Elapsed time.Duration
	// Seeded and SeededDeadlocks count the seeded runs and those that
	// deadlocked (any way): the strategy's hit rate, calibration excluded.
	Seeded, SeededDeadlocks int
	// Failure is set when the test misbehaves in its plain run (fails,
	// panics, exits, hangs): it is not hunted further. A plain run that
	// failed, panicked or exited beside other processes is made again
	// alone first (alone.go): only a failure alone is the test's.
	Failure *Failure
	// PlainCut is set when the test's plain run, made beside the hunt,
	// was still going once the hunt had confirmed a deadlock and was not
	// waited for (Runs counts it; Outcomes does not).
	PlainCut bool
	// Alone is set when the test's plain run misbehaved beside other
	// processes and passed alone: deadhunt's doing, not the test's; its
	// later runs were made alone too.
	Alone *Failure
	// FirstBad is the seeded run of lowest seed that misbehaved without a
	// deadlock (a test that passes plainly but fails under some schedule),
	// or nil: what the user reads to see why.
	FirstBad *BadRun
	// ConfirmedAt is the place in the hunt of the first run whose
	// deadlock was confirmed (the plain run is 1, the calibration 2, then
	// each phase's seeds in order, as one process at a time makes them,
	// however many run at once): runs to confirm. 0 if none.
	ConfirmedAt int
	// Findings are the IDs confirmed in this test.
	Findings []string
	// Unreproduced counts deadlocks whose replay did not deadlock again
	// the same way; they are not reported as confirmed.
	Unreproduced int
	Warnings     []string
	lostUnlocks  int // lost-unlock warnings among Warnings
	// Aims has one entry per aim the directed strategy ran for.
	Aims []*AimStats
	// Interrupted is set when the hunt was stopped (its context ended)
	// while this test was hunted: its budget was not spent. NotHunted is
	// set when it was stopped before this test's hunt began: nothing ran.
	Interrupted, NotHunted bool
	// Bubbles are the testing/synctest bubbles (their calls' positions)
	// the test's runs entered: their goroutines ran outside control.
	Bubbles []string
	// Stop is why the hunt ended (explore.go); empty for a test that
	// fails on its own or whose hunt was stopped. Orderings counts the
	// distinct orderings of conflicting operations its runs showed (all
	// of them unless the budget was spent), MissBound bounds what a
	// spent budget missed, Uncounted says why the orderings could not be
	// bounded, if so; Bound is the orderings bound otherwise (0: none).
	Stop      Stop
	Orderings int
	Bound     float64
	MissBound float64
	Uncounted string
	// NoGuaranteeOf is the Runs cap that could promise nothing either,
	// where the budget was cut to Options.NoGuaranteeRuns (0: not cut).
	NoGuaranteeOf int `json:",omitempty"`
	// Unseen is the Good–Turing estimate of the chance that one more
	// seeded run would have shown an ordering none showed, over
	// UnseenRuns seeded runs of the strategy (0: no estimate; where it is
	// made: space.unseen).
	Unseen     float64 `json:",omitempty"`
	UnseenRuns int     `json:",omitempty"`
	// UnseenKinds, when not 0, is the number of kinds of orderings the
	// estimate is over instead (a test settled on them: settledLocked).
	UnseenKinds int `json:",omitempty"`
	// UnseenBefore is how many of the UnseenRuns of an estimate over kinds
	// came before the seeds (the calibration, the recording's runs), and
	// UnseenRecorded how many of those the recording made besides the
	// test's own runs (its line counts the others).
	UnseenBefore   int `json:",omitempty"`
	UnseenRecorded int `json:",omitempty"`
	// OneGoroutine: each of its runs had one goroutine (no interleaving);
	// its seeded runs varied its draws only, stopped by what they showed.
	OneGoroutine bool `json:",omitempty"`
	// Unexplored names a draw the runs made that no count of runs covers
	// (a 64-bit draw, a large map's order, a source outside the
	// scheduler); then no stop claims coverage.
	Unexplored string
	// LeakCheck compares Go's goroutine leak profile at the end of the
	// plain run with the leaks confirmed; nil when the toolchain has no
	// such profile or the plain run wrote none.
	LeakCheck *report.LeakCheck `json:",omitempty"`
}

// Finished reports whether the test's hunt ran to its end.
func (s *TestStats) Finished() bool { return !s.Interrupted && !s.NotHunted && s.Stop != StopTime }

// Calibration is what measuring the test found: the plain run's outcome,
// the steps, acquisitions and goroutines of the calibration run (random,
// seed 0; of the plain run if that wrote no result), and the radius
// derived from them.
type Calibration struct {
	Outcome                         Outcome
	Steps, Acquisitions, Goroutines int
	Radius                          int
}

// Failure describes a test that misbehaves without any deadlock.
type Failure struct {
	Outcome Outcome
	Tail    string // last lines of the run's output
	// Busy: the run reached its bound with every goroutine of the test
	// running or in a system call, none waiting (a long test, not a
	// blocked one).
	Busy bool
}

// BadRun is a seeded run that misbehaved: its coordinates and output.
type BadRun struct {
	Strategy report.Strategy
	Seed     uint64
	Outcome  Outcome
	Tail     string // last lines of the run's output
}

func (s *TestStats) count(rn *run) {
	if s.Outcomes == nil {
		s.Outcomes = make(map[Outcome]int)
	}
	s.Runs++
	s.Outcomes[rn.Outcome]++
	s.Elapsed += rn.Elapsed
	if rn.Result != nil {
		for _, w := range rn.Result.Warnings {
			if pos, ok := strings.CutPrefix(w, BubblePrefix); ok && !slices.Contains(s.Bubbles, pos) {
				s.Bubbles = append(s.Bubbles, pos)
			}
			if strings.HasPrefix(w, LostUnlockPrefix) && !slices.Contains(s.Warnings, w) && s.lostUnlocks < maxLostUnlocks {
				s.Warnings = append(s.Warnings, w)
				s.lostUnlocks++
			}
		}
	}
	if rn.Seeded {
		s.Seeded++
		if rn.Outcome == Deadlock {
			s.SeededDeadlocks++
		}
		if rn.Outcome.Bad() && (s.FirstBad == nil || rn.Config.Seed < s.FirstBad.Seed) {
			s.FirstBad = &BadRun{Strategy: rn.Config.Strategy, Seed: rn.Config.Seed, Outcome: rn.Outcome, Tail: rn.Tail}
		}
	}
}

// String is one line: "pkg TestX: 12 runs (11 pass, 1 deadlock), 1 confirmed".
func (s *TestStats) String() string {
	if s.NotHunted {
		return fmt.Sprintf("%s %s: not hunted (the hunt was stopped before it)", s.Package, s.Test)
	}
	if s.Stop == StopTime && s.Runs == 0 {
		return fmt.Sprintf("%s %s: %s", s.Package, s.Test, s.StopText())
	}
	var parts []string
	for _, o := range Outcomes {
		if n := s.Outcomes[o]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, o))
		}
	}
	if s.PlainCut {
		parts = append(parts, "1 plain run not waited for")
	}
	line := fmt.Sprintf("%s %s: %d runs (%s)", s.Package, s.Test, s.Runs, strings.Join(parts, ", "))
	if len(s.Findings) > 0 {
		line += fmt.Sprintf(", %d confirmed", len(s.Findings))
	}
	if s.Unreproduced > 0 {
		line += fmt.Sprintf(", %d deadlock(s) not reproduced on replay", s.Unreproduced)
	}
	if f := s.Failure; f != nil && f.Outcome.Hung() {
		line += fmt.Sprintf("; the test ends with %s in its plain run", f.Outcome)
	} else if f != nil {
		line += fmt.Sprintf("; the test ends with %s in its plain run, no other process beside it", f.Outcome)
	}
	if s.Alone != nil {
		line += fmt.Sprintf("; its runs made alone in its directory (its plain run ended with %s beside other processes or in a copy of its directory, passed so)", s.Alone.Outcome)
	}
	if s.Interrupted {
		line += "; cut short: the hunt was stopped"
	}
	if s.Stop != "" {
		line += "; " + s.StopText()
	}
	return line
}
