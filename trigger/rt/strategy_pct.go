package rt

import (
	"math/rand/v2"
	"slices"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// pct is PCT (Burckhardt et al.): goroutines get random distinct initial
// priorities d..d+n-1; the highest-priority enabled goroutine runs; at the
// i-th change point the goroutine about to step drops to priority i (below
// every initial priority). Which steps count towards change points is
// counts: every step (pct), lock acquisitions (rpro), acquisitions of the
// target locks (directed).
type pct struct {
	rng  *rand.Rand
	d, n int
	prio []float64 // by goroutine ID-1
	// change lists the change points by counted step; the one at
	// change[due] comes next.
	change  []changePoint
	due     int
	counts  func(*g) bool
	counted int
	low     float64 // next priority for a demoted spinner
	fair    fairness
	// byPrio holds the enabled place's goroutines, highest priority
	// first, then by ID, and goroutines that left it since they were
	// last on top (no longer fair's members): a goroutine that leaves and
	// enters again before then (a mutex's waiters at every hand-off)
	// costs no sift.
	byPrio idheap
}

var (
	_ = makes(wire.PCT, func(sc *sched, rng *rand.Rand, cfg config) (strategy, error) {
		k := cfg.Steps
		if k <= 0 {
			k = wire.DefaultSteps
		}
		return newPCT(rng, cfg, uniformPoints(rng, cfg.Depth-1, k), func(*g) bool { return true }), nil
	})
	_ = makes(wire.RPro, func(sc *sched, rng *rand.Rand, cfg config) (strategy, error) {
		return newPCT(rng, cfg, radiusPoints(rng, cfg, false), (*g).acquiring), nil
	})
)

func newPCT(rng *rand.Rand, cfg config, points []int, counts func(*g) bool) *pct {
	p := &pct{rng: rng, d: cfg.Depth, n: cfg.Goroutines, counts: counts}
	for i, k := range points {
		p.change = append(p.change, changePoint{step: k, prio: float64(i + 1)})
	}
	slices.SortFunc(p.change, func(a, b changePoint) int { return a.step - b.step })
	return p
}

// changePoint is the i-th change point: at its counted step, the goroutine
// about to step drops to priority i.
type changePoint struct {
	step int
	prio float64
}

// newG draws a random priority in [d, d+n): a random position in the
// permutation of initial priorities, also for goroutines beyond n.
func (p *pct) newG(x *g) {
	p.fair.add(x)
	p.setPrio(x, float64(p.d)+p.rng.Float64()*float64(p.n))
}

// setPrio sets x's priority.
func (p *pct) setPrio(x *g, v float64) {
	for x.id > len(p.prio) {
		p.prio = append(p.prio, 0)
	}
	p.prio[x.id-1] = v
	if p.byPrio.has(x) {
		p.byPrio.fix(x, v)
	}
}

// entered and left keep the enabled place in byPrio and fair.
func (p *pct) entered(x *g) {
	p.fair.entered(x)
	if !p.byPrio.has(x) {
		p.byPrio.push(x, p.prio[x.id-1])
	}
}

func (p *pct) left(x *g) {
	p.fair.left(x)
}

// demote puts a spinning goroutine below everything else.
func (p *pct) clock(n int, why fireCase) bool { return clockDraw(p.rng, n, why) }
func (p *pct) tie(ts []*vtimer) int           { return p.rng.IntN(len(ts)) }

func (p *pct) demote(x *g) {
	p.low--
	p.setPrio(x, p.low)
}

func (p *pct) next(en enView) (*g, bool) {
	if goOnView(en) {
		return p.highest(en), false // by priority; not a step change points count
	}
	x, change := p.after(p.highest(en), en)
	return p.fairly(en, x, change)
}

// sole is next with x alone enabled (sched.chooseSole). Its counting of
// the step is after's, written out: shared through a method it costs 21
// instructions more a Lock+Unlock pair (1.2%; the method does not inline).
func (p *pct) sole(x *g) bool {
	change := false
	if p.counts(x) {
		p.counted++
		if p.due < len(p.change) && p.change[p.due].step == p.counted {
			p.setPrio(x, p.change[p.due].prio)
			p.due++
			change = true
		}
	}
	p.fair.set(x, 0)
	return change
}

// fairly applies the fairness bound to the choice of x among en: a
// starved goroutine runs instead, and x is demoted.
func (p *pct) fairly(en enView, x *g, change bool) (*g, bool) {
	if y := p.fair.starved(en, x); y != nil {
		p.demote(x)
		return y, false
	}
	return x, change
}

// after counts the step of best, the highest-priority enabled goroutine,
// and applies the change point that falls on it, if any.
func (p *pct) after(best *g, en enView) (*g, bool) {
	if !p.counts(best) {
		return best, false
	}
	p.counted++
	if p.due == len(p.change) || p.change[p.due].step != p.counted {
		return best, false
	}
	p.setPrio(best, p.change[p.due].prio)
	p.due++
	return p.highest(en), true
}

// highest returns the enabled goroutine of highest priority (lowest ID on
// ties).
func (p *pct) highest(en enView) *g {
	if en.whole() {
		for {
			x := p.byPrio.top()
			if x == nil || p.fair.member[x.id-1] {
				return x
			}
			p.byPrio.remove(x) // it left the enabled place
		}
	}
	best := en.list[0]
	bp := p.prio[best.id-1]
	for _, x := range en.list[1:] {
		if xp := p.prio[x.id-1]; xp > bp {
			best, bp = x, xp
		}
	}
	return best
}
