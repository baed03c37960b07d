package rt

import "container/heap"

// idheap is a heap of goroutines that knows each member's index by ID, so
// that a member can be removed or fixed in O(log n): the strategies keep
// the enabled goroutines in one by priority or by time passed over.
type idheap struct {
	gs   []*g
	idx  []int // by ID-1: index in gs, -1 when not a member
	less func(a, b *g) bool
}

func (h *idheap) Len() int           { return len(h.gs) }
func (h *idheap) Less(i, j int) bool { return h.less(h.gs[i], h.gs[j]) }
func (h *idheap) Swap(i, j int) {
	h.gs[i], h.gs[j] = h.gs[j], h.gs[i]
	h.idx[h.gs[i].id-1], h.idx[h.gs[j].id-1] = i, j
}

func (h *idheap) Push(v any) {
	x := v.(*g)
	h.idx[x.id-1] = len(h.gs)
	h.gs = append(h.gs, x)
}

func (h *idheap) Pop() any {
	x := h.gs[len(h.gs)-1]
	h.gs[len(h.gs)-1] = nil
	h.gs = h.gs[:len(h.gs)-1]
	h.idx[x.id-1] = -1
	return x
}

// has reports whether x is a member.
func (h *idheap) has(x *g) bool { return x.id <= len(h.idx) && h.idx[x.id-1] >= 0 }

func (h *idheap) push(x *g) {
	for x.id > len(h.idx) {
		h.idx = append(h.idx, -1)
	}
	heap.Push(h, x)
}

func (h *idheap) remove(x *g) { heap.Remove(h, h.idx[x.id-1]) }

// fix restores the order after member x's key changed.
func (h *idheap) fix(x *g) { heap.Fix(h, h.idx[x.id-1]) }

// top returns the least member, or nil.
func (h *idheap) top() *g {
	if len(h.gs) == 0 {
		return nil
	}
	return h.gs[0]
}

// topBut returns the least member other than x, or nil: the top, or the
// lesser of its children when x is the top.
func (h *idheap) topBut(x *g) *g {
	switch {
	case len(h.gs) == 0:
		return nil
	case h.gs[0] != x:
		return h.gs[0]
	case len(h.gs) == 1:
		return nil
	case len(h.gs) == 2 || h.less(h.gs[1], h.gs[2]):
		return h.gs[1]
	}
	return h.gs[2]
}
