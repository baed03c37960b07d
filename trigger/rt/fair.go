package rt

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
// place counts once (d) for all its members, which are kept in a heap by
// their count: a decision costs O(log n), not O(n).
type fairness struct {
	// w is, by goroutine ID-1, the count of a goroutine outside the
	// enabled place; of a member, its count less d.
	w []int
	d int
	h idheap // the members, most passed over first, then by ID
}

// add makes room for a new goroutine x.
func (f *fairness) add(x *g) {
	for x.id > len(f.w) {
		f.w = append(f.w, 0)
	}
}

// entered and left keep the members' counts relative to d.
func (f *fairness) entered(x *g) {
	f.w[x.id-1] -= f.d
	f.h.push(x, float64(f.w[x.id-1]))
}

func (f *fairness) left(x *g) {
	f.h.remove(x)
	f.w[x.id-1] += f.d
}

// waited returns x's count.
func (f *fairness) waited(x *g) int {
	if f.h.has(x) {
		return f.w[x.id-1] + f.d
	}
	return f.w[x.id-1]
}

// set makes x's count v.
func (f *fairness) set(x *g, v int) {
	if !f.h.has(x) {
		f.w[x.id-1] = v
		return
	}
	if w := v - f.d; w != f.w[x.id-1] {
		f.w[x.id-1] = w
		f.h.fix(x, float64(w))
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
		f.d++
		if z := f.h.topBut(next); z != nil && f.waited(z) > starveLimit {
			y = z
		}
	} else if f.h.Len() == 0 {
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
