package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Snapshot is the state of a run stopped at its time bound (wire.Snapshot:
// the runtime writes it); SnapGoroutine and SnapTimer are its goroutines
// and pending timers.
type (
	Snapshot      = wire.Snapshot
	SnapGoroutine = wire.SnapGoroutine
	SnapTimer     = wire.SnapTimer
)

// Hang classes.
const (
	HangSpin    = wire.HangSpin
	HangSlow    = wire.HangSlow
	HangOutside = wire.HangOutside
	HangPlain   = wire.HangPlain
	HangKilled  = wire.HangKilled
)

// StaticLink points from a run-time finding to lockcycle's finding at
// the same site.
type StaticLink struct {
	ID  string `json:"id"`
	Pos string `json:"pos"`
}

// writeSnapshot writes the snapshot under a finding.
func writeSnapshot(w io.Writer, s *Snapshot) {
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
