package rt

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// strategy chooses the next goroutine at each scheduling point. It owns
// its state (priorities, change points, a schedule to follow) and its
// fairness decision (fair.go). All randomness comes from one generator
// seeded with the run's seed.
type strategy interface {
	// newG is called when a goroutine is created.
	newG(x *g)
	// next chooses among the enabled goroutines (non-empty, in ID order)
	// and says whether the step is a priority change point. It may not
	// keep en, which the next decision changes.
	next(en enView) (*g, bool)
	// demote lowers a spinning goroutine's priority.
	demote(x *g)
	// clock says whether the earliest pending timer fires at this
	// decision, among n enabled goroutines, given why it may (clock.go).
	clock(n int, why fireCase) bool
	// tie chooses which of timers due at the same time (clock.go) fires
	// first.
	tie(ts []*vtimer) int
}

// earlyOdds is the chance per decision, with n goroutines enabled, that a
// timer within the early window fires early: 1 in earlyOdds*(n+1), so
// that over the decisions of a short computation both orders (the timer
// first, the computation first) come up. A due timer fires with the
// chance of one more goroutine, 1 in n+1.
const earlyOdds = 16

// clockDraw is the clock decision of the strategies that draw.
func clockDraw(rng *rand.Rand, n int, why fireCase) bool {
	switch why {
	case fireOverdue, fireIdle:
		return true
	case fireDue:
		return rng.IntN(n+1) == 0
	case fireEarly:
		return rng.IntN(earlyOdds*(n+1)) == 0
	}
	return false
}

// strategyMaker builds a strategy for one run from the run's generator.
type strategyMaker func(sc *sched, rng *rand.Rand, cfg config) (strategy, error)

// strategyMakers are the strategies the runtime builds, each registered by
// its own file with makes; what the driver and the report know of them is
// their row in wire.StrategyTable.
var strategyMakers = map[wire.Strategy]strategyMaker{}

// makes registers the maker of strategy name.
func makes(name wire.Strategy, f strategyMaker) bool {
	strategyMakers[name] = f
	return true
}

var _ = makes(wire.Random, func(sc *sched, rng *rand.Rand, cfg config) (strategy, error) {
	return &randomWalk{uniform: uniform{rng}, goOn: rand.New(rand.NewPCG(cfg.Seed, 0x90a4))}, nil
})

// newStrategy builds the strategy cfg names.
func newStrategy(sc *sched, cfg config) (strategy, error) {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0xdead4a17))
	if make, ok := strategyMakers[cfg.Strategy]; ok {
		return make(sc, rng, cfg)
	}
	return nil, fmt.Errorf("rt: unknown strategy %q", cfg.Strategy)
}

// uniform picks uniformly among the enabled goroutines.
type uniform struct{ rng *rand.Rand }

func (u uniform) pick(en enView) *g {
	if en.Len() == 1 {
		return en.At(0)
	}
	return en.At(u.rng.IntN(en.Len()))
}

// goOnOdds: the random walk lets a new goroutine's first steps come
// before its creator's next ones once in goOnOdds.
const goOnOdds = 4

// randomWalk is uniform under the fairness bound, except after a `go`
// statement.
type randomWalk struct {
	uniform
	fair fairness
	// goOn draws the choices after go statements apart from the others:
	// a run in which every creator goes on is the walk it was without them.
	goOn *rand.Rand
}

func (r *randomWalk) newG(x *g)                      { r.fair.add(x) }
func (r *randomWalk) demote(*g)                      {}
func (r *randomWalk) clock(n int, why fireCase) bool { return clockDraw(r.rng, n, why) }
func (r *randomWalk) tie(ts []*vtimer) int           { return r.rng.IntN(len(ts)) }
func (r *randomWalk) entered(x *g)                   { r.fair.entered(x) }
func (r *randomWalk) left(x *g)                      { r.fair.left(x) }

// sole is next with x alone enabled (sched.chooseSole): no draw.
func (r *randomWalk) sole(x *g) bool {
	r.fair.set(x, 0)
	return false
}

func (r *randomWalk) next(en enView) (*g, bool) {
	if creator, child := goOnPair(en); creator != nil {
		// In a real run the creator usually goes on first: the new
		// goroutine waits for a processor to take it.
		if r.goOn.IntN(goOnOdds) == 0 {
			return child, false
		}
		return creator, false
	}
	x := r.pick(en)
	if y := r.fair.starved(en, x); y != nil {
		return y, false
	}
	return x, false
}

// uniformPoints draws n distinct change points uniformly from 1..k.
func uniformPoints(rng *rand.Rand, n, k int) []int {
	if n > k {
		n = k
	}
	var pts []int
	for len(pts) < n {
		p := 1 + rng.IntN(k)
		if !slices.Contains(pts, p) {
			pts = append(pts, p)
		}
	}
	return pts
}

// radiusPoints draws the first change point uniformly from 1..k lock
// acquisitions and the others within cfg.Radius of it (RPro).
func radiusPoints(rng *rand.Rand, cfg config, exactK bool) []int {
	k := cfg.Steps
	if k <= 0 {
		k = wire.DefaultAcqs
	}
	n := cfg.Depth - 1
	if n <= 0 {
		return nil
	}
	first := 1 + rng.IntN(k)
	pts := []int{first}
	lo, hi := window(first, cfg.Radius, k, n-1, exactK)
	span := hi - lo + 1
	for tries := 0; len(pts) < n && tries < 100*n; tries++ {
		p := lo + rng.IntN(span)
		if !slices.Contains(pts, p) {
			pts = append(pts, p)
		}
	}
	return pts
}

// window is the range [lo, hi] the n change points after the first are
// drawn from: the steps within r of first, never below 1.
//
// With exactK, k is the most target acquisitions a recorded run made
// (directed), so the window is also cut at k: points past it would never
// fire. A window cut at either end that has fewer steps than the n+1
// points need is widened on its other side just enough to hold them (if
// k allows): otherwise points are dropped, and a run with fewer than d-1
// change points cannot hit a bug of depth d at all (philo4: four points
// among k = 4 acquisitions with r = 2, first at 4). The points stay
// within 2r of each other, each on a given step of the window with
// probability at least 1/(2r), as RPro's bound needs. rpro's k comes from
// one calibration run, which may itself have deadlocked early and so
// undercounts: there the window may reach past k, where later runs still
// have steps.
func window(first, r, k, n int, exactK bool) (lo, hi int) {
	lo, hi = max(1, first-r), first+r
	if !exactK {
		return lo, hi
	}
	hi = min(k, hi)
	need := min(n+1, k, 2*r+1)
	if short := need - (hi - lo + 1); short > 0 {
		if lo == 1 {
			hi += short
		} else {
			lo -= short
		}
	}
	return lo, hi
}

// acquiring reports whether x's pending step is a lock acquisition.
func (x *g) acquiring() bool { return x.op.isAcquire() }
