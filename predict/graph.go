package predict

import (
	"fmt"

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
	hot    map[*edgeRec]bool // edges on a candidate cycle
}

// level is the graph at one level: the library graph for its algorithms,
// and the edge records behind each of its edges. The library graph names
// vertex v as v+1: its StronglyConnectedComponents loses a component whose
// head vertex is the zero value of the key type.
type level struct {
	lv  Level
	g   graph.Graph[int, int]
	adj map[[2]int][]*edgeRec
	// runOf is the run of every record of an edge, or -1 if they are
	// from several runs.
	runOf map[[2]int]int

	adjMap map[int]map[int]graph.Edge[int] // the library's, computed once
}

func newGraph(t *tables, recs []*edgeRec) (*Graph, error) {
	g := &Graph{t: t, recs: recs, hot: make(map[*edgeRec]bool)}
	for _, lv := range []Level{Instance, Class} {
		l := &level{lv: lv, g: graph.New(graph.IntHash, graph.Directed()), adj: make(map[[2]int][]*edgeRec), runOf: make(map[[2]int]int)}
		for _, r := range recs {
			l.add(r, t)
		}
		if err := l.build(); err != nil {
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

func (l *level) add(r *edgeRec, t *tables) {
	u, v := l.vertex(int(r.from), t), l.vertex(int(r.to), t)
	if u == v { // two instances of one class: a cycle only at the instance level
		return
	}
	k := [2]int{u, v}
	if len(l.adj[k]) == 0 {
		l.runOf[k] = int(r.run)
	} else if l.runOf[k] != int(r.run) {
		l.runOf[k] = -1
	}
	l.adj[k] = append(l.adj[k], r)
}

// build adds to the library graph the edges that may lie on a cycle.
func (l *level) build() error {
	for _, k := range core(l.adj) {
		for _, x := range k {
			if err := l.g.AddVertex(x + 1); err != nil && err != graph.ErrVertexAlreadyExists {
				return err
			}
		}
		if err := l.g.AddEdge(k[0]+1, k[1]+1); err != nil {
			return err
		}
	}
	return nil
}
