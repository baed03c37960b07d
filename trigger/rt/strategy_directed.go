package rt

import (
	"math/rand/v2"
	"slices"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// testGoroutine is the creation identity of a test's own goroutine in
// targets.Goroutines (it has no `go` statement).
const testGoroutine = "test"

// directed is PCT over the target goroutines only (thread bounding,
// Bindal, Bansal and Lal): the goroutines created at the target's
// creation sites draw random initial priorities in [d, d+n) and take the
// change points; every other goroutine gets one fixed priority above all
// of them, so it runs whenever it is enabled, in creation order, and is
// never preempted by a change point. n in the PCT bound is then the
// number of target goroutines.
//
// Above rather than below: the goroutines outside the cycle are mostly
// the ones that create the cycle's goroutines (the test's) or set up the
// state under which they nest their locks. Running them first means that
// no change point is spent on ordering them, and that a cycle goroutine
// never runs to completion before its partners exist. Below, a test
// goroutine would start the first cycle goroutine and then wait until it
// blocked or ended, alone.
//
// Late goroutines: on one seed in four (wire.LateBelow), a goroutine
// outside the target that starts after a target goroutine did gets a
// priority below the change points' instead (above demoted spinners):
// it runs when the targets cannot, so a stopper (a close, a cancel) does
// not end their loop before the cycle forms. A target whose recorded
// runs showed such a stopper (Target.Late) swaps: late goroutines low on
// three seeds in four.
//
// A target goroutine created at a Target.Slow site (a stopper aim's loop
// receiver) gets a priority below the change points', above the late
// goroutines': it steps when no other target can.
//
// With held sites (the acquisitions of a cycle edge's first lock), one of
// the d-1 change points is drawn among those instead, uniformly in
// [1, held_steps], and demotes the goroutine to just above the other
// change points: it is delayed before entering its outer critical
// section, so that the others enter theirs first (an ordering constraint
// beyond the cycle's own, such as a flag another cycle goroutine sets
// under the lock), but it still runs before the goroutines stalled
// holding their first lock of the cycle.
type directed struct {
	*pct
	orders func(*g) bool
	// held counts acquisitions at the held sites; heldPoint is the one
	// that is a change point (0: none), heldPrio the priority it gives.
	held      func(*g) bool
	heldCount int
	heldPoint int
	heldPrio  float64
	// post holds goroutines back at the target's Postpone sites (nil
	// without any).
	post *postponer
	// lastFirst: with holds, timers due together fire latest-created
	// first on even seeds, earliest first on odd ones (tie), so that two
	// consecutive seeds try both orders of a pair.
	lastFirst bool
	// late: this seed places late goroutines low; targetSeen: a target
	// goroutine has started.
	late, targetSeen bool
	// childFirst: on two seeds in four (2, 3, 6, 7, ...) a new target
	// goroutine runs its first steps before its creator's next ones
	// (goOn); the first seed keeps the creator first, the order an aim
	// assumes, except for a goroutine created at a Target.First site,
	// whose seeds swap. With lastFirst, four seeds try the four pairs of
	// orders.
	childFirst bool
	first      func(*Site) bool
	slow       func(*Site) bool // Target.Slow
	allBuf     []*g
}

// latePrio is a late goroutine's priority: below every change point's
// (1..d-1), above a demoted spinner's (0 and less); slowPrio, a target
// goroutine created at a Target.Slow site's: below the change points',
// above the late goroutines.
const (
	latePrio = 0.5
	slowPrio = 0.75
)

var _ = makes(wire.Directed, func(sc *sched, rng *rand.Rand, cfg config) (strategy, error) {
	return newDirected(rng, cfg), nil
})

func newDirected(rng *rand.Rand, cfg config) *directed {
	t := *cfg.Target
	s := &directed{orders: targetGoroutines(t), post: newPostponer(t), lastFirst: cfg.Seed%2 == 0, childFirst: cfg.Seed%4 >= 2, first: siteSet(t.First), slow: siteSet(t.Slow), late: wire.LateLow(cfg.Seed, &t)}
	held := len(t.HeldSites) > 0 && cfg.Depth >= 3
	inner := cfg // the radius points: one fewer with a held-site point
	if held {
		inner.Depth--
	}
	s.pct = newPCT(rng, cfg, radiusPoints(rng, inner, true), targetFilter(t))
	if !held {
		return s
	}
	s.held = targetFilter(targets{Sites: t.HeldSites, Goroutines: t.Goroutines})
	s.heldPoint = 1 + rng.IntN(max(1, t.HeldSteps))
	s.heldPrio = float64(cfg.Depth - 1)
	return s
}

// next is PCT's, with the held-site change point first. After a `go`
// statement the creator goes on first, as by priority it would (it is
// above the targets, or one of them), except for a new target goroutine on
// some seeds (childFirst).
func (s *directed) next(en enView) (*g, bool) {
	if parent, child := goOnPair(en); parent != nil {
		if s.orders(child) && s.childFirst != s.first(child.created) {
			return child, false
		}
		return parent, false
	}
	if s.post == nil {
		x, change := s.choose(en)
		return s.fairly(en, x, change)
	}
	// With Postpone sites, a filter of the whole place: O(n).
	all := en.List(s.allBuf[:0])
	s.allBuf = all
	en = listView(s.post.filter(all))
	x, change := s.choose(en)
	x, change = s.fairly(en, x, change)
	s.post.stepped(x, all)
	return x, change
}

// holdsAll, holdsTimer and tie: see postponer.
func (s *directed) holdsAll(en enView, now, when int64) bool {
	return s.post != nil && s.post.holdsAll(en.List(nil), now, when)
}

func (s *directed) holdsTimer(t *vtimer) bool { return s.post != nil && s.post.holdsTimer(t) }

func (s *directed) holds(y *g) bool { return s.post != nil && s.post.held(y) }

func (s *directed) tie(ts []*vtimer) int {
	if s.post != nil {
		if i := s.post.tie(ts); i >= 0 {
			return i
		}
		if s.lastFirst {
			return len(ts) - 1
		}
		return 0
	}
	return s.pct.tie(ts)
}

func (s *directed) choose(en enView) (*g, bool) {
	best := s.highest(en)
	if s.held == nil || !s.held(best) {
		return s.pct.after(best, en)
	}
	s.heldCount++
	if s.heldCount != s.heldPoint {
		return s.pct.after(best, en)
	}
	s.setPrio(best, s.heldPrio)
	return s.highest(en), true
}

func (s *directed) newG(x *g) {
	if s.orders(x) {
		s.targetSeen = true
		s.pct.newG(x)
		if s.slow(x.created) {
			s.setPrio(x, slowPrio)
		}
		return
	}
	s.fair.add(x)
	if s.late && s.targetSeen {
		s.setPrio(x, latePrio)
		return
	}
	s.setPrio(x, float64(s.d+s.n+1))
}

// creator is x's creation identity: "file:line:col" of the `go`
// statement (or t.Run, wg.Go) that created it, or testGoroutine.
func creator(x *g) string {
	if x.parent == 0 {
		return testGoroutine
	}
	return x.created.String()
}

// targetGoroutines reports whether a goroutine is one the directed
// strategy orders: created at one of t.Goroutines, or any goroutine when
// the list is empty (no thread bounding). Answers are cached per goroutine.
func targetGoroutines(t targets) func(*g) bool {
	if len(t.Goroutines) == 0 {
		return func(*g) bool { return true }
	}
	seen := map[*g]bool{}
	return func(x *g) bool {
		in, ok := seen[x]
		if !ok {
			in = slices.Contains(t.Goroutines, creator(x))
			seen[x] = in
		}
		return in
	}
}

// targetFilter counts the acquisitions of the target classes or sites (all
// acquisitions when there is no target) made by the target goroutines.
// Called with the scheduler's lock held.
func targetFilter(t targets) func(*g) bool {
	orders := targetGoroutines(t)
	if len(t.Classes) == 0 && len(t.Sites) == 0 {
		return func(x *g) bool { return x.op.isAcquire() && orders(x) }
	}
	sites := map[*Site]bool{}
	return func(x *g) bool {
		s := x.op.site
		if !x.op.isAcquire() || s == nil {
			return false
		}
		in, ok := sites[s]
		if !ok {
			in = slices.Contains(t.Classes, s.Class) || slices.Contains(t.Sites, s.String())
			sites[s] = in
		}
		return in && orders(x)
	}
}
