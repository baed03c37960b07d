package wire

import (
	"math"
	"strings"
)

// Strategy names a scheduling strategy of the runtime: the "strategy" of a
// run's configuration (CONTRACT.md section 4), of a witness and of a
// search. Its JSON form is the name itself.
type Strategy string

const (
	Random   Strategy = "random"
	PCT      Strategy = "pct"
	RPro     Strategy = "rpro"
	Replay   Strategy = "replay"
	Directed Strategy = "directed"
	Plain    Strategy = "plain"
)

// DefaultStrategy is the one the runtime runs when a configuration names
// none.
const DefaultStrategy = Random

// DefaultHunt is the strategy a hunt uses when its options name none.
const DefaultHunt = RPro

// StrategyInfo is what the runtime, the driver, the report and the help
// know of a strategy.
type StrategyInfo struct {
	Name Strategy
	Doc  string // one line: what it does
	// Hunt: a hunt may be asked to use it (replay and plain the driver
	// uses itself). AimsOnly: it runs only the predictions' aims, no
	// seeds of its own.
	Hunt, AimsOnly bool
	// Acquisitions: its k counts lock acquisitions (the calibration
	// run's, when it made any), not every scheduling step.
	Acquisitions bool
	// Radius: it takes the radius the calibration derives.
	Radius bool
	// Explore: its runs report their interleavings.
	Explore bool
	// NeedsReplay: a configuration naming it must name a schedule.
	NeedsReplay bool
	// Bound is the lower bound on the probability that one run hits a
	// given bug of depth d, with n goroutines, k counted steps and
	// radius r (n, k, d at least 1); nil: no such bound.
	Bound func(n, k, r, d int) float64
}

// StrategyTable lists every strategy, in the order lists of them and
// messages follow.
var StrategyTable = []StrategyInfo{
	{Name: Random, Doc: "a random walk over the enabled goroutines", Hunt: true, Explore: true},
	{Name: PCT, Doc: "PCT: d-1 change points among all steps", Hunt: true, Explore: true, Bound: pctBound},
	{Name: RPro, Doc: "radius-aware PCT: change points within a radius of the first", Hunt: true, Acquisitions: true, Radius: true,
		Explore: true, Bound: radiusBound},
	{Name: Replay, Doc: "follows a recorded schedule", NeedsReplay: true},
	{Name: Directed, Doc: "RPro counting only a prediction's acquisitions and goroutines", Hunt: true, AimsOnly: true,
		Explore: true, Bound: radiusBound},
	{Name: Plain, Doc: "no control: every operation passes through"},
}

// pctBound is 1/(n·k^(d-1)): d-1 change points among k steps.
func pctBound(n, k, r, d int) float64 {
	return 1 / (float64(n) * math.Pow(float64(k), float64(d-1)))
}

// radiusBound is 1/(n·k·(2r)^(d-2)): the first change point among k
// steps, the others within r of it.
func radiusBound(n, k, r, d int) float64 {
	if d < 2 {
		return 1 / float64(n)
	}
	return 1 / (float64(n) * float64(k) * math.Pow(float64(2*max(r, 1)), float64(d-2)))
}

// Info returns the table's entry for s.
func (s Strategy) Info() (StrategyInfo, bool) {
	for _, e := range StrategyTable {
		if e.Name == s {
			return e, true
		}
	}
	return StrategyInfo{}, false
}

// Valid reports whether s is a known strategy.
func (s Strategy) Valid() bool {
	_, ok := s.Info()
	return ok
}

func (s Strategy) String() string { return string(s) }

// Strategies lists the table's strategies for which keep is true, in its
// order (nil keep: every one).
func Strategies(keep func(StrategyInfo) bool) []Strategy {
	var ss []Strategy
	for _, e := range StrategyTable {
		if keep == nil || keep(e) {
			ss = append(ss, e.Name)
		}
	}
	return ss
}

// JoinStrategies lists strategies for a message: "random, pct or rpro".
func JoinStrategies(ss []Strategy) string {
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = string(s)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// LateBelow reports whether a directed run of seed places the goroutines
// outside its target that start after a target goroutine below the
// targets (one seed in four): a goroutine started late is often the one
// that ends the cycle's goroutines' loop (a close, a cancel) and, run
// first, keeps the cycle from forming. The per-run bound holds for the
// other runs.
func LateBelow(seed uint64) bool { return seed%4 == 2 }

// LateLow reports whether a directed run of seed toward t places late
// goroutines below the targets: LateBelow's seeds, or, for a target whose
// recorded runs showed a stopper outside it (Target.Late), the others.
func LateLow(seed uint64, t *Target) bool { return LateBelow(seed) != (t != nil && t.Late) }
