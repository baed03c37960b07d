package report

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Snapshot is the state of a run stopped at its time bound: every managed
// goroutine's state, what it waits for, the locks it holds and its stack,
// the pending timers and the goroutines running outside instrumented code.
type Snapshot struct {
	// Class is how the run was classified: "spin" (goroutines enabled but
	// only polling), "slow" (still making progress), "blocked-outside"
	// (waiting outside instrumented code), "plain" (a run without a
	// scheduler: the goroutine dump only), "killed" (no snapshot: the
	// process was killed).
	Class   string `json:"class"`
	Reason  string `json:"reason"`
	BoundMS int    `json:"bound_ms"`
	Steps   int    `json:"steps"`
	// ClockNanos is the virtual clock at the bound.
	ClockNanos int64           `json:"clock_ns,omitempty"`
	Goroutines []SnapGoroutine `json:"goroutines,omitempty"`
	Timers     []SnapTimer     `json:"timers,omitempty"`
	Unmanaged  []SnapGoroutine `json:"unmanaged,omitempty"`
}

// Hang classes.
const (
	HangSpin    = "spin"
	HangSlow    = "slow"
	HangOutside = "blocked-outside"
	HangPlain   = "plain"
	HangKilled  = "killed" // the process was killed at the bound without a snapshot
)

// SnapGoroutine is one goroutine in a snapshot.
type SnapGoroutine struct {
	ID       int      `json:"id,omitempty"` // 0: not managed by the scheduler
	Created  Site     `json:"created,omitzero"`
	State    string   `json:"state"`              // running, enabled, spinning, blocked, outside, ended, unmanaged
	GoState  string   `json:"go_state,omitempty"` // Go's wait reason: "chan receive", "running"
	WaitsFor string   `json:"waits_for,omitempty"`
	Holds    []string `json:"holds,omitempty"`
	Stack    []Frame  `json:"stack,omitempty"`
}

// SnapTimer is a pending timer of the virtual clock.
type SnapTimer struct {
	Site    Site  `json:"site"`
	InNanos int64 `json:"in_ns"`
}

// StaticLink points from a run-time finding to lockcycle's finding at
// the same site.
type StaticLink struct {
	ID  string `json:"id"`
	Pos string `json:"pos"`
}

// Bound is the snapshot's bound as a duration.
func (s *Snapshot) Bound() time.Duration { return time.Duration(s.BoundMS) * time.Millisecond }

// writeText writes the snapshot under a finding.
func (s *Snapshot) writeText(w io.Writer) {
	fmt.Fprintf(w, "  snapshot at the bound of %v (%s): %s\n", s.Bound(), s.Class, s.Reason)
	for _, g := range s.Goroutines {
		fmt.Fprintf(w, "    goroutine %d [%s", g.ID, g.State)
		if g.GoState != "" {
			fmt.Fprintf(w, ", %s", g.GoState)
		}
		fmt.Fprint(w, "]")
		if !g.Created.IsZero() {
			fmt.Fprintf(w, " created at %s", g.Created)
		}
		if g.WaitsFor != "" {
			fmt.Fprintf(w, ": %s", g.WaitsFor)
		}
		if len(g.Holds) > 0 {
			fmt.Fprintf(w, "; holds %v", g.Holds)
		}
		fmt.Fprintln(w)
		if len(g.Stack) > 0 {
			fr := g.Stack[0]
			fmt.Fprintf(w, "      at %s %s:%d\n", fr.Func, fr.File, fr.Line)
		}
	}
	for _, g := range s.Unmanaged {
		fmt.Fprintf(w, "    unmanaged goroutine [%s]", g.GoState)
		if len(g.Stack) > 0 {
			fr := g.Stack[0]
			fmt.Fprintf(w, " at %s %s:%d", fr.Func, fr.File, fr.Line)
		}
		fmt.Fprintln(w)
	}
	for _, t := range s.Timers {
		fmt.Fprintf(w, "    timer created at %s due in %v\n", t.Site, time.Duration(t.InNanos))
	}
}

// LinkStatic links a confirmed lock-never-released finding to lockcycle's
// missing-unlock finding at the same acquisition site, and a confirmed
// wait for a WaitGroup to lockcycle's missing-done finding in the same
// package ("predicted statically at …"); it reports whether it did.
func LinkStatic(confirmed, static *Finding) bool {
	if WaitExplained(confirmed, static) {
		confirmed.Static = &StaticLink{ID: static.ID, Pos: static.Locks[0].Sites[0].String()}
		return true
	}
	if confirmed.Kind != LockNeverReleased || static.Kind != MissingUnlock || confirmed.Package != static.Package {
		return false
	}
	for _, sl := range static.Locks {
		for _, ss := range sl.Sites {
			for _, cl := range confirmed.Locks {
				if cl.Class != sl.Class {
					continue
				}
				for _, cs := range cl.Sites {
					if cs.File == ss.File && cs.Line == ss.Line {
						confirmed.Static = &StaticLink{ID: static.ID, Pos: ss.String()}
						return true
					}
				}
			}
		}
	}
	return false
}

// WaitExplained reports whether static, a missing Done, explains
// confirmed: goroutines of the same package blocked for good, one of them
// waiting for a WaitGroup.
func WaitExplained(confirmed, static *Finding) bool {
	if static.Kind != MissingDone || confirmed.Status != Confirmed || confirmed.Package != static.Package ||
		len(static.Locks) == 0 || len(static.Locks[0].Sites) == 0 {
		return false
	}
	for _, g := range confirmed.Goroutines {
		if strings.HasPrefix(g.WaitsFor, "WaitGroup ") {
			return true
		}
	}
	return false
}
