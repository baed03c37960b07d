package report

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// LeakProfile is what Go's goroutine leak profile said at the end of a
// plain run (wire.LeakProfile: the runtime writes it).
type LeakProfile = wire.LeakProfile

// LeakCheck compares the leak profile of a test's plain run, a second
// oracle, with the deadlocks deadhunt confirmed in the test.
type LeakCheck struct {
	// Leaked are the goroutines the profile named, each with the finding
	// that has a goroutine created at the same site.
	Leaked []LeakedGoroutine `json:"leaked,omitempty"`
	// Unseen are the confirmed leaks (findings whose goroutines do not
	// include the test's own) of which the profile named no goroutine: the
	// plain run took another path.
	Unseen []string `json:"unseen,omitempty"`
}

// LeakedGoroutine is a goroutine the profile named.
type LeakedGoroutine struct {
	SnapGoroutine
	// Finding is the ID of the confirmed finding with a goroutine created
	// at the same site; empty when deadhunt confirmed none: the oracles
	// disagree.
	Finding string `json:"finding,omitempty"`
}

// CheckLeaks compares the goroutines the profile named with the findings
// confirmed in the same test; nil when the profile was not available.
func CheckLeaks(lp *LeakProfile, confirmed []Finding) *LeakCheck {
	if lp == nil || !lp.Available {
		return nil
	}
	c := &LeakCheck{}
	matched := map[string]bool{}
	for _, g := range lp.Leaked {
		lg := LeakedGoroutine{SnapGoroutine: g}
		for _, f := range confirmed {
			if f.has(g) {
				lg.Finding = f.ID
				matched[f.ID] = true
				break
			}
		}
		c.Leaked = append(c.Leaked, lg)
	}
	for _, f := range confirmed {
		if f.Leak() && !matched[f.ID] && !slices.Contains(c.Unseen, f.ID) {
			c.Unseen = append(c.Unseen, f.ID)
		}
	}
	return c
}

// Disagreements counts the profile's goroutines deadhunt confirmed no
// deadlock for.
func (c *LeakCheck) Disagreements() int {
	n := 0
	for _, g := range c.Leaked {
		if g.Finding == "" {
			n++
		}
	}
	return n
}

// has reports whether one of the finding's goroutines is the one the
// profile named: blocked in the same function at the same line (the
// profile's stack starts outside the standard library), or created at
// the same site (files by base name: the profile names the file the
// compiler saw, the finding the source's). A goroutine the testing
// package created is the test's own (1).
func (f *Finding) has(l SnapGoroutine) bool {
	c := l.Created
	for _, g := range f.Goroutines {
		switch {
		case len(g.Stack) > 0 && len(l.Stack) > 0 && g.Stack[0].Func == l.Stack[0].Func && g.Stack[0].Line == l.Stack[0].Line,
			!c.IsZero() && g.Created.Line == c.Line && filepath.Base(g.Created.File) == filepath.Base(c.File),
			g.ID == 1 && strings.HasPrefix(c.Func, "testing."):
			return true
		}
	}
	return false
}

// Leak reports whether a confirmed finding is goroutines the test left
// behind blocked for good: none of them is the test's own goroutine.
func (f *Finding) Leak() bool {
	if f.Status != Confirmed || f.Kind == Hang || len(f.Goroutines) == 0 {
		return false
	}
	for _, g := range f.Goroutines {
		if g.ID == 1 {
			return false
		}
	}
	return true
}

// String is the goroutine's line: "goroutine created at x.go:12 leaked
// [chan send] at x.go:14", "the test's goroutine leaked [...] at ...".
func (g LeakedGoroutine) String() string {
	s := "goroutine"
	switch {
	case strings.HasPrefix(g.Created.Func, "testing."):
		s = "the test's goroutine"
	case !g.Created.IsZero():
		s += " created at " + g.Created.String()
	}
	s += fmt.Sprintf(" leaked [%s]", g.GoState)
	if len(g.Stack) > 0 {
		s += fmt.Sprintf(" at %s:%d", g.Stack[0].File, g.Stack[0].Line)
	}
	return s
}
