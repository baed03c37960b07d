package predict

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
// path of edges each leaving no earlier than the last arrived.
func (hg *hbGraph) before(g, at, h, hat int) bool {
	if g == h {
		return at <= hat
	}
	earliest := map[int]int{g: at}
	queue := []int{g}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		from := earliest[x]
		for _, e := range hg.edges[x] {
			if e.at < from {
				continue
			}
			if b, ok := earliest[e.to]; !ok || e.at < b {
				earliest[e.to] = e.at
				queue = append(queue, e.to)
			}
		}
	}
	b, ok := earliest[h]
	return ok && b <= hat
}
