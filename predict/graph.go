package predict

import (
	"fmt"
	"slices"

	"github.com/dominikbraun/graph"
)

// Level says whether a graph's vertices are lock instances of one run or
// lock classes across runs.
type Level uint8

const (
	Instance Level = iota // vertices are lock instances; edges stay within a run
	Class                 // vertices are lock classes; edges from every run
)

func (l Level) String() string {
	if l == Instance {
		return "instance"
	}
	return "class"
}

// Graph is the lock-order graph of the traces read: an edge held → acquired
// for every lock acquired while another was held, at the instance and at
// the class level.
type Graph struct {
	t      *tables
	recs   []*edgeRec
	levels [2]*level
	hot    map[*edgeRec]bool // edges on a predicted cycle
}

// level is the graph at one level: the library graph for its algorithms,
// and the edge records behind each of its edges. The library graph names
// vertex v as v+1: its StronglyConnectedComponents loses a component whose
// head vertex is the zero value of the key type.
type level struct {
	lv  Level
	g   graph.Graph[int, int]
	adj map[[2]int][]*edgeRec
	// runs lists, per edge, the runs of its records in increasing order.
	runs map[[2]int][]int

	adjMap map[int]map[int]graph.Edge[int] // the library's, computed once
}

func newGraph(t *tables, recs []*edgeRec) (*Graph, error) {
	g := &Graph{t: t, recs: recs, hot: make(map[*edgeRec]bool)}
	for _, lv := range []Level{Instance, Class} {
		l := &level{lv: lv, g: graph.New(graph.IntHash, graph.Directed()), adj: make(map[[2]int][]*edgeRec), runs: make(map[[2]int][]int)}
		if err := l.build(recs, t); err != nil {
			return nil, fmt.Errorf("predict: %w", err)
		}
		g.levels[lv] = l
	}
	return g, nil
}

// vertex is the vertex of lock instance i at this level.
func (l *level) vertex(i int, t *tables) int {
	if l.lv == Class {
		return t.locks[i].class
	}
	return i
}

// build adds to the library graph the edges that may lie on a cycle, and
// keeps the records behind them.
func (l *level) build(recs []*edgeRec, t *tables) error {
	pairs := make(map[[2]int]bool)
	for _, r := range recs {
		if k, ok := l.pair(r, t); ok {
			pairs[k] = true
		}
	}
	keep := core(pairs)
	for _, k := range keep {
		for _, x := range k {
			if err := l.g.AddVertex(x + 1); err != nil && err != graph.ErrVertexAlreadyExists {
				return err
			}
		}
		if err := l.g.AddEdge(k[0]+1, k[1]+1); err != nil {
			return err
		}
		l.adj[k] = nil
	}
	for _, r := range recs {
		if k, ok := l.pair(r, t); ok {
			l.add(k, r)
		}
	}
	return nil
}

// pair is the edge of r at this level; two instances of one class make
// no edge at the class level (a cycle there is an instance-level one).
func (l *level) pair(r *edgeRec, t *tables) ([2]int, bool) {
	u, v := l.vertex(int(r.from), t), l.vertex(int(r.to), t)
	return [2]int{u, v}, u != v
}

// add files r under edge k if k is in the graph.
func (l *level) add(k [2]int, r *edgeRec) {
	rs, ok := l.adj[k]
	if !ok {
		return
	}
	if runs := l.runs[k]; !slices.Contains(runs, int(r.run)) {
		l.runs[k] = append(runs, int(r.run))
	}
	l.adj[k] = append(rs, r)
}
