package driver

import "math"

// Estimating what a test's runs have not shown yet, where their orderings
// cannot be counted (no exhaustion to wait for): the Good–Turing estimate
// of the chance that one more seeded run shows an ordering (signature)
// none of the runs made so far showed is the number of signatures seen
// exactly once, over the runs. A hunt whose runs keep repeating what
// earlier runs showed stops on it (settled) rather than spend its budget.

// minEstimateRuns is the fewest seeded runs of the strategy an estimate
// is made over: below it, a streak of repeats means little.
const minEstimateRuns = 30

// minKindRuns is the fewest seeded runs an estimate over kinds of
// orderings is made over (settledLocked).
const minKindRuns = 10

// seedSigs counts the signatures of the strategy's seeded runs (an aim's
// directed runs draw from another distribution and are left out), and the
// kinds of orderings they showed (wire.Explore.Kinds), by the runs that
// showed each: an estimate over kinds is the same as over signatures,
// with the runs that showed a kind in place of the runs of a signature
// (incidence counts).
type seedSigs struct {
	runs, once int
	seen       map[string]int
	kinds      kindCounts
}

// kindCounts counts kinds of orderings by the runs that showed them;
// over: a run had too many to report, and no estimate is made.
type kindCounts struct {
	runs, once int
	seen       map[uint64]int
	over       bool
}

// add counts one run's signature and kinds.
func (s *seedSigs) add(sig string, kinds []uint64, over bool) {
	if s.seen == nil {
		s.seen = map[string]int{}
	}
	s.runs++
	s.seen[sig]++
	s.once += onceDelta(s.seen[sig])
	k := &s.kinds
	if k.over = k.over || over; k.over {
		return
	}
	if k.seen == nil {
		k.seen = map[uint64]int{}
	}
	k.runs++
	for _, h := range kinds {
		k.seen[h]++
		k.once += onceDelta(k.seen[h])
	}
}

// onceDelta is the change in the count of things seen once when one is
// seen for the n-th time.
func onceDelta(n int) int {
	switch n {
	case 1:
		return 1
	case 2:
		return -1
	}
	return 0
}

// goodTuring is the estimated chance that the next run shows a signature
// none of the runs showed: once/runs (NaN before any run).
func goodTuring(once, runs int) float64 {
	if runs == 0 {
		return math.NaN()
	}
	return float64(once) / float64(runs)
}

// settles reports whether an estimate p over runs seeded runs is evidence
// enough to stop: enough runs, and p below the 1-confidence the hunt may
// leave unseen (by more than rounding: 1-0.99 is a hair above 0.01).
func settles(p float64, runs int, confidence float64) bool {
	return runs >= minEstimateRuns && below(p, confidence)
}

// below reports whether estimate p is below the 1-confidence the hunt may
// leave unseen.
func below(p, confidence float64) bool { return p < 1-confidence-1e-12 }
