package predict

import (
	"fmt"
	"slices"

	"github.com/dominikbraun/graph"
)

// components returns the strongly connected components of more than one
// vertex, each sorted, in order of their least vertex.
func (l *level) components() ([][]int, error) {
	sccs, err := graph.StronglyConnectedComponents(l.g)
	if err != nil {
		return nil, fmt.Errorf("predict: %w", err)
	}
	var out [][]int
	for _, c := range sccs {
		for i := range c {
			c[i]-- // see level
		}
		if len(c) > 1 {
			slices.Sort(c)
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b []int) int { return a[0] - b[0] })
	return out, nil
}

// cycles returns the elementary cycles of at most maxLen vertices within
// one component (at most limit of them), each starting at its least vertex.
func (l *level) cycles(scc []int, maxLen, limit int) ([][]int, error) {
	if l.adjMap == nil {
		m, err := l.g.AdjacencyMap()
		if err != nil {
			return nil, fmt.Errorf("predict: %w", err)
		}
		l.adjMap = m
	}
	adj := l.adjMap
	in := make(map[int]bool, len(scc))
	for _, v := range scc {
		in[v] = true
	}
	succ := make(map[int][]int, len(scc))
	for _, v := range scc {
		for w := range adj[v+1] {
			if w--; in[w] {
				succ[v] = append(succ[v], w)
			}
		}
		slices.Sort(succ[v])
	}
	s := cycleSearch{succ: succ, maxLen: maxLen, limit: limit}
	for _, v := range scc {
		s.path = append(s.path[:0], v)
		s.from(v)
	}
	return s.found, nil
}

// cycleSearch is a depth-bounded search for elementary cycles through
// vertices greater than the start, so each cycle is found once.
type cycleSearch struct {
	succ   map[int][]int
	maxLen int
	limit  int
	path   []int
	found  [][]int
}

func (s *cycleSearch) from(v int) {
	start := s.path[0]
	for _, w := range s.succ[v] {
		if len(s.found) >= s.limit {
			return
		}
		switch {
		case w == start:
			s.found = append(s.found, slices.Clone(s.path))
		case w > start && len(s.path) < s.maxLen && !slices.Contains(s.path, w):
			s.path = append(s.path, w)
			s.from(w)
			s.path = s.path[:len(s.path)-1]
		}
	}
}
