package rt

import "container/heap"

// gheap is a heap of goroutines (enPlace.hidx is a member's index): the
// spinners by last run.
type gheap struct {
	gs   []*g
	less func(a, b *g) bool
}

func (h *gheap) Len() int           { return len(h.gs) }
func (h *gheap) Less(i, j int) bool { return h.less(h.gs[i], h.gs[j]) }
func (h *gheap) Swap(i, j int) {
	h.gs[i], h.gs[j] = h.gs[j], h.gs[i]
	h.gs[i].en.hidx, h.gs[j].en.hidx = i, j
}

func (h *gheap) Push(v any) {
	x := v.(*g)
	x.en.hidx = len(h.gs)
	h.gs = append(h.gs, x)
}

func (h *gheap) Pop() any {
	x := h.gs[len(h.gs)-1]
	h.gs[len(h.gs)-1] = nil
	h.gs = h.gs[:len(h.gs)-1]
	return x
}

func (h *gheap) push(x *g)   { heap.Push(h, x) }
func (h *gheap) remove(x *g) { heap.Remove(h, x.en.hidx) }

// top returns the least member, or nil.
func (h *gheap) top() *g {
	if len(h.gs) == 0 {
		return nil
	}
	return h.gs[0]
}

// bySpin orders spinners by the step they last ran at, then ID: the
// spinner a scan in ID order picks first.
func bySpin(a, b *g) bool {
	return a.lastRun < b.lastRun || a.lastRun == b.lastRun && a.id < b.id
}
