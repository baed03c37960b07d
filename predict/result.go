package predict

import (
	"fmt"
	"strings"
)

// Result is what prediction found.
type Result struct {
	Graph       *Graph
	Predictions []*Prediction
	// SCCs are the strongly connected components with no elementary cycle
	// of at most Options.MaxCycle locks: cyclic lock orders too long to be
	// reported as predictions, listed so they are not silently lost.
	SCCs []SCC
	// Rejected counts the cycles of at most Options.MaxCycle locks that no
	// combination of recorded edges could close (same goroutine, a guard
	// lock, happens-before, readers only, or at the class level one run).
	Rejected int
}

// SCC is a strongly connected component of the lock-order graph.
type SCC struct {
	Level Level
	Locks []string // classes, or class@instance at the instance level
	Run   *Run     // the run, at the instance level
}

func (g *Graph) scc(l *level, comp []int) SCC {
	s := SCC{Level: l.lv}
	for _, v := range comp {
		if l.lv == Class {
			s.Locks = append(s.Locks, g.t.classes[v])
			continue
		}
		s.Locks = append(s.Locks, g.t.lock(v).String())
		r := g.t.run(v)
		s.Run = &r
	}
	return s
}

// Result builds the graph and its predictions from everything read so far.
func (p *Predictor) Result() (*Result, error) {
	g, err := newGraph(&p.tables, p.recs.order)
	if err != nil {
		return nil, err
	}
	res := &Result{Graph: g}
	cs := predictions{byKey: make(map[string]*Prediction)}
	for _, l := range g.levels {
		long, err := g.cycles(l, p.opts, &cs, &res.Rejected)
		if err != nil {
			return nil, err
		}
		res.SCCs = append(res.SCCs, long...)
	}
	g.selfPredictions(&p.recs, &cs)
	for _, c := range cs.list {
		g.finish(c, p.opts)
	}
	sortPredictions(cs.list)
	res.Predictions = cs.list
	return res, nil
}

// String is a stable rendering of the predictions, used by golden tests.
func (r *Result) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d prediction(s)\n", len(r.Predictions))
	for _, c := range r.Predictions {
		b.WriteString(c.String())
	}
	for _, s := range r.SCCs {
		fmt.Fprintf(&b, "scc (%s level, no cycle of at most the maximum length): %s", s.Level, strings.Join(s.Locks, " "))
		if s.Run != nil {
			fmt.Fprintf(&b, " in %s", s.Run)
		}
		b.WriteString("\n")
	}
	if r.Rejected > 0 {
		fmt.Fprintf(&b, "rejected %d cycle(s)\n", r.Rejected)
	}
	return b.String()
}

func (c *Prediction) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s level): %s\n", c.Kind, c.Level, strings.Join(c.Classes, " → "))
	for _, e := range c.Edges {
		fmt.Fprintf(&b, "  edge %s\n", e)
	}
	var runs []string
	for _, r := range c.Runs {
		runs = append(runs, r.String())
	}
	fmt.Fprintf(&b, "  seen by %d goroutine(s) in %s\n", c.Goroutines, strings.Join(runs, ", "))
	for _, ev := range c.Evidence {
		fmt.Fprintf(&b, "  evidence %s\n", ev)
	}
	var sites []string
	for _, s := range c.Target.Sites {
		sites = append(sites, s.String())
	}
	fmt.Fprintf(&b, "  target %s at %s\n", strings.Join(c.Target.Classes, ", "), strings.Join(sites, " "))
	fmt.Fprintf(&b, "  target goroutines created at %s\n", strings.Join(c.Target.Goroutines, " "))
	return b.String()
}

func (e Edge) String() string {
	var held []string
	for _, l := range e.HeldSet {
		held = append(held, l.String())
	}
	return fmt.Sprintf("%s g%d: %s → %s at %s (held since %s) holding {%s}", e.Run, e.Goroutine,
		lockMode(e.Held, e.HeldRead), lockMode(e.Acquired, e.AcquiredRead),
		e.AcquiredAt, e.HeldAt, strings.Join(held, ", "))
}
