package rt

import "math/rand/v2"

// pct is PCT (Burckhardt et al.): goroutines get random distinct initial
// priorities d..d+n-1; the highest-priority enabled goroutine runs; at the
// i-th change point the goroutine about to step drops to priority i (below
// every initial priority). Which steps count towards change points is
// counts: every step (pct), lock acquisitions (rpro), acquisitions of the
// target locks (directed).
type pct struct {
	rng     *rand.Rand
	d, n    int
	change  map[int]int // counted step → i
	counts  func(*g) bool
	counted int
	low     float64 // next priority for a demoted spinner
}

func newPCT(rng *rand.Rand, cfg config, points []int, counts func(*g) bool) *pct {
	p := &pct{rng: rng, d: cfg.Depth, n: cfg.Goroutines, change: map[int]int{}, counts: counts}
	for i, k := range points {
		p.change[k] = i + 1
	}
	return p
}

// newG draws a random priority in [d, d+n): a random position in the
// permutation of initial priorities, also for goroutines beyond n.
func (p *pct) newG(x *g) { x.prio = float64(p.d) + p.rng.Float64()*float64(p.n) }

// demote puts a spinning goroutine below everything else.
func (p *pct) demote(x *g) {
	p.low--
	x.prio = p.low
}

func (p *pct) next(en []*g) (*g, bool) { return p.after(highest(en), en) }

// after counts the step of best, the highest-priority enabled goroutine,
// and applies the change point that falls on it, if any.
func (p *pct) after(best *g, en []*g) (*g, bool) {
	if !p.counts(best) {
		return best, false
	}
	p.counted++
	i, ok := p.change[p.counted]
	if !ok {
		return best, false
	}
	best.prio = float64(i)
	return highest(en), true
}

// highest returns the enabled goroutine of highest priority (lowest ID on
// ties).
func highest(en []*g) *g {
	best := en[0]
	for _, x := range en[1:] {
		if x.prio > best.prio {
			best = x
		}
	}
	return best
}
