package predict

import (
	"cmp"
	"slices"
)

// hbGraph is a run's happens-before graph, kept for the candidates that
// ask whether one event is ordered before another (an Add and a Wait of
// one WaitGroup): events are numbered in trace order, and an edge goes
// from a goroutine at one event to another goroutine at the same event
// (a go line: the parent's earlier events happen before the child's; an
// hb line: from's events so far happen before to's next ones).
type hbGraph struct {
	edges map[int][]hbEdge // goroutine → its outgoing edges, in trace order
}

type hbEdge struct{ at, to int }

// add notes an edge from goroutine from to goroutine to at event at.
func (h *hbGraph) add(from, to, at int) {
	if from == to || from <= 0 || to <= 0 {
		return
	}
	if h.edges == nil {
		h.edges = map[int][]hbEdge{}
	}
	h.edges[from] = append(h.edges[from], hbEdge{at, to})
}

// before reports whether goroutine g's event at happens before goroutine
// h's event hat: in one goroutine, program order; across goroutines, a
// path of edges each leaving no earlier than the last arrived. Arrival
// times only grow along a path, so edges after hat are never taken and
// the search ends at the first arrival at h (a run of 37,000 goroutines
// has as many edges; the whole graph was searched for every query).
func (hg *hbGraph) before(g, at, h, hat int) bool {
	if g == h {
		return at <= hat
	}
	if at > hat {
		return false
	}
	earliest := map[int]int{g: at}
	queue := []int{g}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		from := earliest[x]
		es := hg.edges[x]
		i, _ := slices.BinarySearchFunc(es, from, func(e hbEdge, t int) int { return cmp.Compare(e.at, t) })
		for _, e := range es[i:] {
			if e.at > hat {
				break
			}
			if e.to == h {
				return true
			}
			if b, ok := earliest[e.to]; !ok || e.at < b {
				earliest[e.to] = e.at
				queue = append(queue, e.to)
			}
		}
	}
	return false
}
