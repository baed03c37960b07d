package rt

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// strategy chooses the next goroutine at each scheduling point. All
// randomness comes from one generator seeded with the run's seed.
type strategy interface {
	// newG is called when a goroutine is created.
	newG(x *g)
	// next chooses among the enabled goroutines (non-empty, in ID order)
	// and says whether the step is a priority change point.
	next(en []*g) (*g, bool)
	// demote lowers a spinning goroutine's priority.
	demote(x *g)
}

// newStrategy builds the strategy cfg names.
func newStrategy(sc *sched, cfg config) (strategy, error) {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0xdead4a17))
	switch cfg.Strategy {
	case "random", "plain":
		return &randomWalk{rng: rng}, nil
	case "pct":
		k := cfg.Steps
		if k <= 0 {
			k = defaultSteps
		}
		return newPCT(rng, cfg, uniformPoints(rng, cfg.Depth-1, k), func(*g) bool { return true }), nil
	case "rpro":
		return newPCT(rng, cfg, radiusPoints(rng, cfg, false), (*g).acquiring), nil
	case "directed":
		return newDirected(rng, cfg), nil
	case "replay":
		steps, err := readSchedule(cfg.Replay)
		if err != nil {
			return nil, err
		}
		return &replay{sc: sc, steps: steps, fallback: &randomWalk{rng: rng}}, nil
	}
	return nil, fmt.Errorf("rt: unknown strategy %q", cfg.Strategy)
}

// randomWalk picks uniformly among the enabled goroutines.
type randomWalk struct{ rng *rand.Rand }

func (r *randomWalk) newG(*g)   {}
func (r *randomWalk) demote(*g) {}
func (r *randomWalk) next(en []*g) (*g, bool) {
	if len(en) == 1 {
		return en[0], false
	}
	return en[r.rng.IntN(len(en))], false
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
		k = defaultAcqs
	}
	n := cfg.Depth - 1
	if n <= 0 {
		return nil
	}
	first := 1 + rng.IntN(k)
	pts := []int{first}
	// With exactK, k is the most target acquisitions a recorded run made
	// (directed), so the window [first-r, first+r] is clamped to [1, k]:
	// points past it would never fire. rpro's k comes from one calibration
	// run, which may itself have deadlocked early and so undercounts: there
	// the window may reach past k, where later runs still have steps.
	lo, hi := max(1, first-cfg.Radius), first+cfg.Radius
	if exactK {
		hi = min(k, hi)
	}
	span := hi - lo + 1
	for tries := 0; len(pts) < n && tries < 100*n; tries++ {
		p := lo + rng.IntN(span)
		if !slices.Contains(pts, p) {
			pts = append(pts, p)
		}
	}
	return pts
}

// acquiring reports whether x's pending step is a lock acquisition.
func (x *g) acquiring() bool { return x.op.isAcquire() }
