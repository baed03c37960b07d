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
// but not chosen since it last ran.
type fairness struct {
	waited []int // by goroutine ID-1
}

// add makes room for a new goroutine x.
func (f *fairness) add(x *g) {
	for x.id > len(f.waited) {
		f.waited = append(f.waited, 0)
	}
}

// starved counts a decision among en at which the strategy chose next. It
// returns the enabled goroutine, other than next, passed over most often
// if that is more than starveLimit times (it runs instead: the caller
// demotes next), or nil.
func (f *fairness) starved(en []*g, next *g) *g {
	w := f.waited
	if len(en) == 1 { // nothing passed over
		w[next.id-1] = 0
		return nil
	}
	most := 0
	for _, x := range en {
		w[x.id-1]++
		most = max(most, w[x.id-1])
	}
	var y *g
	if len(en) >= 2 && most > starveLimit {
		for _, z := range en {
			if w := f.waited[z.id-1]; z != next && w > starveLimit && (y == nil || w > f.waited[y.id-1]) {
				y = z
			}
		}
	}
	if y != nil {
		f.waited[y.id-1] = 0
	} else {
		f.waited[next.id-1] = 0
	}
	return y
}
