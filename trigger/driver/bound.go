package driver

import (
	"fmt"
	"math"

	"github.com/deadhunt/deadhunt/report"
)

// PerRunBound is the lower bound on the probability that one run of the
// strategy hits a given bug of depth d, with n goroutines, k counted steps
// and radius r: the strategy table's (wire.StrategyInfo.Bound). Directed's
// k counts only the target's acquisitions; under thread bounding its n and
// k count only the target goroutines, the others are not ordered.
// It is 0 for strategies with no such bound (random) or unknown
// parameters.
func PerRunBound(strategy report.Strategy, n, k, r, d int) float64 {
	if n < 1 || k < 1 || d < 1 {
		return 0
	}
	if e, ok := strategy.Info(); ok && e.Bound != nil {
		return e.Bound(n, k, r, d)
	}
	return 0
}

// MissBound is (1-p)^runs: an upper bound on the probability that runs
// independent runs, each hitting the bug with probability at least p, all
// missed it. It is 1 when p is 0.
func MissBound(p float64, runs int) float64 {
	if p <= 0 {
		return 1
	}
	return math.Pow(1-min(p, 1), float64(runs))
}

// Search is what the aim's directed runs tried, for an unconfirmed
// prediction.
func (a *AimStats) Search() *report.Search {
	p := a.PerRunBound()
	note := fmt.Sprintf("n=%d goroutines, k=%d target acquisitions, r=%d; per-run bound %.3g", a.Goroutines, a.Steps, a.Radius, p)
	if a.held() {
		note = fmt.Sprintf("n=%d goroutines, k=%d target acquisitions, %d at held sites, r=%d; per-run bound %.3g",
			a.Goroutines, a.Steps, a.Aim.Target.HeldSteps, a.Radius, p)
	}
	if a.Late > 0 {
		note += fmt.Sprintf("; %d run(s) with late goroutines below the targets, not counted in it", a.Late)
	}
	return &report.Search{Strategy: report.Directed, Runs: a.Runs, Depth: a.Depth, MissBound: MissBound(p, a.Runs-a.Late), Note: note}
}

// held reports whether one of the aim's change points is drawn among the
// held sites' acquisitions (the runtime does so from depth 3).
func (a *AimStats) held() bool { return len(a.Aim.Target.HeldSites) > 0 && a.Depth >= 3 }

// PerRunBound is the directed runs' lower bound on hitting a bug of the
// aim's depth: 1/(n·k·(2r)^(d-2)), or with held sites 1/(n·k·(2r)^(d-3)·h)
// with h the held sites' acquisitions (d-2 change points among the k
// target acquisitions, one among the h).
func (a *AimStats) PerRunBound() float64 {
	if !a.held() {
		return PerRunBound(report.Directed, a.Goroutines, a.Steps, a.Radius, a.Depth)
	}
	return PerRunBound(report.Directed, a.Goroutines, a.Steps, a.Radius, a.Depth-1) / float64(max(1, a.Aim.Target.HeldSteps))
}

// RunsFor is the fewest runs whose miss bound for per-run bound p is at
// most 1-confidence, capped at limit (limit when p is 0: no bound).
func RunsFor(p, confidence float64, limit int) int {
	if p <= 0 {
		return limit
	}
	if p >= 1 {
		return 1
	}
	n := math.Ceil(math.Log(1-confidence) / math.Log1p(-p))
	return int(min(max(n, 1), float64(limit)))
}
