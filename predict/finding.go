package predict

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/report"
)

// Findings returns the predictions as findings of package pkg, in order.
func (r *Result) Findings(pkg string) []report.Finding {
	fs := make([]report.Finding, 0, len(r.Predictions))
	for _, c := range r.Predictions {
		fs = append(fs, c.Finding(pkg))
	}
	return fs
}

// Finding returns the prediction as a predicted-dynamic finding of package
// pkg. Its ID depends only on kind, package and lock classes, so the static
// analyzer's finding for the same cycle has the same ID (see Merge).
func (c *Prediction) Finding(pkg string) report.Finding {
	if c.Block != nil {
		return c.blockFinding(pkg)
	}
	f := report.Finding{
		ID:       report.ComputeID(c.Kind, pkg, c.Classes),
		Kind:     c.Kind,
		Status:   report.PredictedDynamic,
		Package:  pkg,
		Message:  c.message(),
		Evidence: []report.Evidence{report.Dynamic},
		Locks:    c.locks(),
		Support:  c.support(),
	}
	if tests := c.tests(); len(tests) == 1 {
		f.Test = tests[0]
	}
	for _, e := range c.Edges {
		f.Edges = append(f.Edges, report.Edge{
			Held: e.Held.Class, Acquired: e.Acquired.Class, Goroutine: e.Goroutine,
			HeldAt: e.HeldAt, AcquiredAt: e.AcquiredAt, Via: via(e.Stack),
		})
	}
	return f
}

// locks lists the cycle's locks in order, each with the sites where the
// prediction's edges (Edges) acquired it (for a double lock or RWR, the one
// lock with every site it was seen taken at, writers included).
func (c *Prediction) locks() []report.Lock {
	if c.Kind != report.LockOrderCycle { // one lock: every site it was taken at
		e := c.Edges[0]
		return []report.Lock{{Class: e.Held.Class, Instance: e.Held.Instance, Sites: slices.Clone(c.Target.Sites)}}
	}
	n := len(c.Edges)
	var ls []report.Lock
	for i, e := range c.Edges {
		l := report.Lock{Class: e.Held.Class, Sites: []report.Site{e.HeldAt}}
		if c.Level == Instance {
			l.Instance = e.Held.Instance
		}
		if prev := c.Edges[(i+n-1)%n]; prev.AcquiredAt != e.HeldAt {
			l.Sites = append(l.Sites, prev.AcquiredAt)
		}
		ls = append(ls, l)
	}
	return ls
}

func (c *Prediction) tests() []string {
	var ts []string
	for _, r := range c.Runs {
		ts = append(ts, r.Test)
	}
	slices.Sort(ts)
	return slices.Compact(ts)
}

// via is the stack's functions, outermost first.
func via(stack []report.Frame) []string {
	var fs []string
	for i := len(stack) - 1; i >= 0; i-- {
		fs = append(fs, stack[i].Func)
	}
	return fs
}

func (c *Prediction) message() string {
	e := c.Edges[0]
	switch c.Kind {
	case report.DoubleLock:
		return fmt.Sprintf("%s locked again at %s while held since %s by goroutine %d",
			e.Held.Class, e.AcquiredAt, e.HeldAt, e.Goroutine)
	case report.RWR:
		return fmt.Sprintf("%s read-locked again at %s while read-held since %s by goroutine %d; another goroutine write-locks it",
			e.Held.Class, e.AcquiredAt, e.HeldAt, e.Goroutine)
	}
	var steps []string
	for _, e := range c.Edges {
		steps = append(steps, fmt.Sprintf("%s then %s in goroutine %d at %s",
			e.Held.Class, e.Acquired.Class, e.Goroutine, e.AcquiredAt))
	}
	return "lock order cycle: " + strings.Join(steps, "; ")
}

// support is the number of distinct goroutines that showed the prediction's
// edges, over every run recorded.
func (c *Prediction) support() int {
	type key struct {
		run Run
		g   int
	}
	seen := make(map[key]bool)
	for _, e := range c.Seen {
		seen[key{e.Run, e.Goroutine}] = true
	}
	return len(seen)
}
