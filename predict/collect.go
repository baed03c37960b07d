package predict

import (
	"cmp"
	"slices"

	"github.com/deadhunt/deadhunt/report"
)

// predictions collects the predictions of a graph, merging those of one kind and lock
// class multiset.
type predictions struct {
	byKey map[string]*Prediction
	list  []*Prediction
}

func (cs *predictions) add(c *Prediction) {
	k := c.key()
	old := cs.byKey[k]
	if old == nil {
		cs.byKey[k] = c
		cs.list = append(cs.list, c)
		return
	}
	old.recs = union(old.recs, c.recs)
	old.selfs = union(old.selfs, c.selfs)
	old.writers = union(old.writers, c.writers)
}

func union[T comparable](a, b []T) []T {
	for _, x := range b {
		if !slices.Contains(a, x) {
			a = append(a, x)
		}
	}
	return a
}

// cycles adds the predictions of one level, and returns the components
// with no cycle short enough to be searched.
func (g *Graph) cycles(l *level, opts Options, cs *predictions, rejected *int) ([]SCC, error) {
	comps, err := l.components()
	if err != nil {
		return nil, err
	}
	var long []SCC
	for _, comp := range comps {
		cycs, err := l.cycles(comp, opts.MaxCycle, opts.MaxCycles)
		if err != nil {
			return nil, err
		}
		if len(cycs) == 0 {
			long = append(long, g.scc(l, comp))
		}
		for _, cyc := range cycs {
			w := g.witness(l, cyc, opts.MaxChecks)
			if w == nil {
				if cs.byKey[g.cycleKey(l, cyc)] == nil { // not a projection of a reported one
					*rejected++
				}
				continue
			}
			cs.add(g.cyclePrediction(l, cyc, w))
		}
	}
	return long, nil
}

// cycleKey is the key of the prediction a cycle would make.
func (g *Graph) cycleKey(l *level, cyc []int) string {
	c := &Prediction{Kind: report.LockOrderCycle}
	for _, v := range cyc {
		if l.lv == Instance {
			v = g.t.locks[v].class
		}
		c.Classes = append(c.Classes, g.t.classes[v])
	}
	return c.key()
}

func (g *Graph) cyclePrediction(l *level, cyc []int, w []*edgeRec) *Prediction {
	c := &Prediction{Kind: report.LockOrderCycle, Level: l.lv}
	for i, r := range w {
		c.Classes = append(c.Classes, g.t.classes[g.t.locks[r.from].class])
		c.Edges = append(c.Edges, g.edge(r))
		c.recs = append(c.recs, l.adj[[2]int{cyc[i], cyc[(i+1)%len(cyc)]}]...)
	}
	return c
}

// selfPredictions adds double locks, and recursive read locks of a class
// some other goroutine (of any run) write-locks.
func (g *Graph) selfPredictions(rs *records, cs *predictions) {
	for _, s := range rs.selfOrd {
		class := g.t.locks[s.lock].class
		c := &Prediction{Kind: report.DoubleLock, Level: Instance,
			Classes: []string{g.t.classes[class]}, Edges: []Edge{g.selfEdge(s)}, selfs: []*selfRec{s}}
		if s.recursiveRead {
			c.Kind = report.RWR
			for _, w := range rs.writers[class] {
				if w.run != s.run || w.g != s.g {
					c.writers = append(c.writers, w)
				}
			}
			if len(c.writers) == 0 {
				continue
			}
		}
		cs.add(c)
	}
}

func kindRank(k report.Kind) int { return slices.Index(report.Kinds, k) }

// sortPredictions orders predictions by kind, then shorter cycles, then classes.
func sortPredictions(cs []*Prediction) {
	slices.SortStableFunc(cs, func(a, b *Prediction) int {
		return cmp.Or(
			cmp.Compare(kindRank(a.Kind), kindRank(b.Kind)),
			cmp.Compare(a.Len(), b.Len()),
			cmp.Compare(a.key(), b.key()))
	})
}
