package predict

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/deadhunt/deadhunt/report"
)

// finish fills in the summary fields from the prediction's records.
func (g *Graph) finish(c *Prediction, opts Options) {
	runs, gors := map[int]bool{}, map[runG]bool{}
	var sites []report.Site
	var lines []string
	note := func(run, gid int, line string, ss ...int) {
		runs[run], gors[runG{run, gid}] = true, true
		for _, s := range ss {
			sites = append(sites, g.t.sites[s])
		}
		lines = append(lines, line)
	}
	for _, r := range c.recs {
		note(int(r.run), int(r.g), g.recLine(r), int(r.heldSite), int(r.acqSite))
		c.Seen = append(c.Seen, g.edge(r))
		g.hot[r] = true
	}
	for _, s := range c.selfs {
		note(s.run, s.g, g.selfLine(s), s.heldSite, s.acqSite)
	}
	for _, w := range c.writers {
		e := g.writerEdge(w)
		note(w.run, w.g, fmt.Sprintf("%s g%d: writes %s at %s", e.Run, e.Goroutine, e.Acquired, e.AcquiredAt), w.acqSite)
		c.Writers = append(c.Writers, e)
	}
	for _, r := range slices.Sorted(mapKeys(runs)) {
		c.Runs = append(c.Runs, g.t.runs[r])
	}
	c.Goroutines = len(gors)
	if len(lines) > opts.MaxEvidence {
		lines = append(lines[:opts.MaxEvidence], fmt.Sprintf("and %d more", len(lines)-opts.MaxEvidence))
	}
	c.Evidence = lines
	c.Target = Target{Classes: slices.Compact(slices.Sorted(slices.Values(c.Classes))), Sites: sortSites(sites),
		Goroutines: g.creators(c, opts.MaxChecks)}
}

func (g *Graph) writerEdge(w self) Edge {
	l := g.t.lock(w.lock)
	e := Edge{Run: g.t.runs[w.run], Goroutine: w.g, Acquired: l, AcquiredAt: g.t.sites[w.acqSite], Count: 1}
	if w.stack >= 0 {
		e.Stack = g.t.stacks[w.stack]
	}
	return e
}

func (g *Graph) recLine(r *edgeRec) string {
	return fmt.Sprintf("%s g%d: %s → %s at %s (held since %s) ×%d", g.t.runs[r.run], r.g,
		lockMode(g.t.lock(int(r.from)), r.fromRead()), lockMode(g.t.lock(int(r.to)), r.toRead()),
		g.t.sites[r.acqSite], g.t.sites[r.heldSite], r.count)
}

func (g *Graph) selfLine(s *selfRec) string {
	what := "locks %s again"
	if s.recursiveRead {
		what = "read-locks %s again"
	}
	return fmt.Sprintf("%s g%d: "+what+" at %s (held since %s) ×%d", g.t.runs[s.run], s.g,
		g.t.lock(s.lock), g.t.sites[s.acqSite], g.t.sites[s.heldSite], s.count)
}

func lockMode(l Lock, read bool) string {
	if read {
		return "R " + l.String()
	}
	return l.String()
}

func mapKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func sortSites(ss []report.Site) []report.Site {
	slices.SortFunc(ss, func(a, b report.Site) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Col, b.Col), cmp.Compare(a.Func, b.Func))
	})
	return slices.Compact(ss)
}
