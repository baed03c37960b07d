package rt

import "slices"

// PCT and its variants run the highest-priority enabled goroutine, so a
// goroutine that loops forever on operations that always succeed (Lock and
// Unlock, TryAcquire and Release of a semaphore) starves the others for
// good, which no real scheduler does: a test that passes under go test
// would hang. The fairness bound: a goroutine that was enabled at
// starveLimit decisions without being chosen runs next, and the goroutine
// the strategy chose is demoted (below every priority, as a spinner).
// Decisions at which it was blocked do not count, so a goroutine woken
// after a long wait is not favoured. The strategies that choose (random,
// pct, rpro, directed) apply it; a replay follows its schedule, which
// already holds those decisions.

// starveLimit is the number of decisions at which a goroutine may be
// passed over while enabled.
const starveLimit = 1000

// fairness counts, per goroutine, the decisions at which it was enabled
// but not chosen since it last ran. A decision among the whole enabled
// place counts once (d) for all its members. A member is starved once its
// count passes starveLimit, at a decision known when it enters; until
// then it waits on a wheel of starveLimit+2 slots, one per coming
// decision. The members a decision's slot starves all have the same
// count, less than every starved member's before them: they join the
// tail of a list in ID order, which is then in the order the strategies
// take the starved (most passed over first, then by ID) at O(1) a
// member. A member that enters already starved (it left while starved)
// goes into a heap by count beside the list. Entering and leaving cost
// O(1) (but for that heap): the waiters of a mutex enter and leave the
// enabled place at every hand-off, and with thousands enabled a starved
// goroutine runs at nearly every decision.
type fairness struct {
	// w is, by goroutine ID-1, the count of a goroutine outside the
	// enabled place; of a member, its count less d.
	w      []int
	d      int
	member []bool
	n      int
	gs     []*g // by ID-1
	// wheel holds the members not yet starved, each in the slot of the
	// decision at which it will be (due mod len(wheel)), in a list
	// linked by ID (0 ends it); slot is a member's slot, -1 for none,
	// inList for the starved list's.
	wheel      []int32
	next, prev []int32
	slot       []int32
	// first lists the members the wheel starved, most passed over
	// first, then by ID, to last, linked as the wheel's lists are (a
	// member is on one list at most).
	first, last int32
	batch       []int32
	over        idheap // the members that entered starved, most passed over first, then by ID
}

// inList is the slot of a member on the starved list.
const inList = -2

const wheelSlots = starveLimit + 2

// add makes room for a new goroutine x.
func (f *fairness) add(x *g) {
	for x.id > len(f.w) {
		f.w = append(f.w, 0)
		f.member = append(f.member, false)
		f.gs = append(f.gs, nil)
		f.next, f.prev = append(f.next, 0), append(f.prev, 0)
		f.slot = append(f.slot, -1)
	}
	f.gs[x.id-1] = x
}

// entered and left keep the members' counts relative to d.
func (f *fairness) entered(x *g) {
	i := x.id - 1
	f.w[i] -= f.d
	f.member[i] = true
	f.n++
	f.place(x)
}

func (f *fairness) left(x *g) {
	f.unplace(x)
	i := x.id - 1
	f.member[i] = false
	f.n--
	f.w[i] += f.d
}

// place puts member x on the wheel, or in the heap if it is starved.
func (f *fairness) place(x *g) {
	i := x.id - 1
	w := f.w[i]
	if w+f.d > starveLimit {
		f.over.push(x, float64(w))
		return
	}
	if f.wheel == nil {
		f.wheel = make([]int32, wheelSlots)
	}
	s := int32((starveLimit - w + 1) % wheelSlots) // the decision d at which w+d passes the limit
	h := f.wheel[s]
	f.next[i], f.prev[i], f.slot[i] = h, 0, s
	if h != 0 {
		f.prev[h-1] = int32(x.id)
	}
	f.wheel[s] = int32(x.id)
}

// unplace takes member x off the wheel, off the starved list or out of
// the heap.
func (f *fairness) unplace(x *g) {
	i := x.id - 1
	s := f.slot[i]
	if s == inList {
		f.unlist(i)
		return
	}
	if s < 0 {
		f.over.remove(x)
		return
	}
	n, p := f.next[i], f.prev[i]
	if p != 0 {
		f.next[p-1] = n
	} else {
		f.wheel[s] = n
	}
	if n != 0 {
		f.prev[n-1] = p
	}
	f.slot[i] = -1
}

// count counts a decision among the whole enabled place: the members due
// at it move from the wheel to the heap.
func (f *fairness) count() {
	f.d++
	if f.wheel == nil {
		return
	}
	s := f.d % wheelSlots
	b := f.batch[:0]
	for id := f.wheel[s]; id != 0; {
		i := id - 1
		id = f.next[i]
		f.slot[i] = -1
		b = append(b, int32(i+1))
	}
	f.wheel[s] = 0
	if len(b) > 1 {
		slices.Sort(b)
	}
	for _, id := range b {
		f.enlist(id - 1)
	}
	f.batch = b[:0]
}

// enlist puts member i (ID-1) at the tail of the starved list.
func (f *fairness) enlist(i int32) {
	f.slot[i] = inList
	f.next[i], f.prev[i] = 0, f.last
	if f.last != 0 {
		f.next[f.last-1] = i + 1
	} else {
		f.first = i + 1
	}
	f.last = i + 1
}

// unlist takes member i (ID-1) off the starved list.
func (f *fairness) unlist(i int) {
	n, p := f.next[i], f.prev[i]
	if p != 0 {
		f.next[p-1] = n
	} else {
		f.first = n
	}
	if n != 0 {
		f.prev[n-1] = p
	} else {
		f.last = p
	}
	f.slot[i] = -1
}

// topBut returns the starved member passed over most often other than
// x, the first in ID order among equals, or nil: the better of the
// list's first (its second when x is first) and the heap's.
func (f *fairness) topBut(x *g) *g {
	var a *g
	if id := f.first; id != 0 {
		if a = f.gs[id-1]; a == x {
			a = nil
			if id = f.next[id-1]; id != 0 {
				a = f.gs[id-1]
			}
		}
	}
	b := f.over.topBut(x)
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	wa, wb := f.w[a.id-1], f.w[b.id-1]
	if wa > wb || wa == wb && a.id < b.id {
		return a
	}
	return b
}

// waited returns x's count.
func (f *fairness) waited(x *g) int {
	if f.member[x.id-1] {
		return f.w[x.id-1] + f.d
	}
	return f.w[x.id-1]
}

// set makes x's count v.
func (f *fairness) set(x *g, v int) {
	if !f.member[x.id-1] {
		f.w[x.id-1] = v
		return
	}
	if w := v - f.d; w != f.w[x.id-1] {
		f.unplace(x)
		f.w[x.id-1] = w
		f.place(x)
	}
}

// starved counts a decision among en at which the strategy chose next. It
// returns the enabled goroutine, other than next, passed over most often
// (the first in ID order among equals) if that is more than starveLimit
// times (it runs instead: the caller demotes next), or nil.
func (f *fairness) starved(en enView, next *g) *g {
	if en.Len() == 1 { // nothing passed over
		f.set(next, 0)
		return nil
	}
	var y *g
	if en.whole() {
		f.count()
		if z := f.topBut(next); z != nil && f.waited(z) > starveLimit {
			y = z
		}
	} else if f.n == 0 {
		// No member in the heap (a short enabled place, enset.go): the
		// counts are w's.
		for _, x := range en.list {
			f.w[x.id-1]++
		}
		for _, z := range en.list {
			if w := f.w[z.id-1]; z != next && w > starveLimit && (y == nil || w > f.w[y.id-1]) {
				y = z
			}
		}
	} else {
		for _, x := range en.list {
			f.set(x, f.waited(x)+1)
		}
		for _, z := range en.list {
			if w := f.waited(z); z != next && w > starveLimit && (y == nil || w > f.waited(y)) {
				y = z
			}
		}
	}
	if y != nil {
		f.set(y, 0)
	} else {
		f.set(next, 0)
	}
	return y
}
