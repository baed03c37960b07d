package rt

// idheap is a heap of goroutines that knows each member's index by ID, so
// that a member can be removed or fixed in O(log n): the strategies keep
// the enabled goroutines in one by priority or by time passed over. It
// sifts by itself rather than through container/heap, and keeps each
// member's key beside it: the order is by key, highest first, then by ID,
// compared in place rather than through calls (a strategy at 10,000
// enabled goroutines sifts at most decisions, the fairness bound running
// the one passed over longest).
type idheap struct {
	gs  []hent
	idx []int // by ID-1: index in gs, -1 when not a member
}

// hent is a member, its key and its ID: a sift compares and indexes
// without reading the goroutines (a cache miss each, among thousands).
type hent struct {
	k  float64
	x  *g
	id int
}

func (a hent) less(b hent) bool { return a.k > b.k || a.k == b.k && a.id < b.id }

func (h *idheap) Len() int { return len(h.gs) }

// has reports whether x is a member.
func (h *idheap) has(x *g) bool { return x.id <= len(h.idx) && h.idx[x.id-1] >= 0 }

// push adds x with key k.
func (h *idheap) push(x *g, k float64) {
	for x.id > len(h.idx) {
		h.idx = append(h.idx, -1)
	}
	h.idx[x.id-1] = len(h.gs)
	h.gs = append(h.gs, hent{k, x, x.id})
	h.up(len(h.gs) - 1)
}

func (h *idheap) remove(x *g) {
	i, n := h.idx[x.id-1], len(h.gs)-1
	if i != n {
		h.swap(i, n)
	}
	h.gs[n] = hent{}
	h.gs = h.gs[:n]
	h.idx[x.id-1] = -1
	if i != n && !h.down(i) {
		h.up(i)
	}
}

// fix makes member x's key k.
func (h *idheap) fix(x *g, k float64) {
	i := h.idx[x.id-1]
	h.gs[i].k = k
	if len(h.gs) > 1 && !h.down(i) {
		h.up(i)
	}
}

func (h *idheap) swap(i, j int) {
	h.gs[i], h.gs[j] = h.gs[j], h.gs[i]
	h.idx[h.gs[i].id-1], h.idx[h.gs[j].id-1] = i, j
}

func (h *idheap) up(j int) {
	for j > 0 {
		i := (j - 1) / 2
		if !h.gs[j].less(h.gs[i]) {
			break
		}
		h.swap(i, j)
		j = i
	}
}

// down sifts the member at i0 down and reports whether it moved.
func (h *idheap) down(i0 int) bool {
	i, n := i0, len(h.gs)
	for {
		j := 2*i + 1
		if j >= n {
			break
		}
		if r := j + 1; r < n && h.gs[r].less(h.gs[j]) {
			j = r
		}
		if !h.gs[j].less(h.gs[i]) {
			break
		}
		h.swap(i, j)
		i = j
	}
	return i > i0
}

// top returns the least member, or nil.
func (h *idheap) top() *g {
	if len(h.gs) == 0 {
		return nil
	}
	return h.gs[0].x
}

// topBut returns the least member other than x, or nil: the top, or the
// lesser of its children when x is the top.
func (h *idheap) topBut(x *g) *g {
	switch {
	case len(h.gs) == 0:
		return nil
	case h.gs[0].x != x:
		return h.gs[0].x
	case len(h.gs) == 1:
		return nil
	case len(h.gs) == 2 || h.gs[1].less(h.gs[2]):
		return h.gs[1].x
	}
	return h.gs[2].x
}
