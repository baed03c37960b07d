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

// seedSigs counts the signatures of the strategy's seeded runs (an aim's
// directed runs draw from another distribution and are left out).
type seedSigs struct {
	runs, once int
	seen       map[string]int
}

// add counts one run's signature.
func (s *seedSigs) add(sig string) {
	if s.seen == nil {
		s.seen = map[string]int{}
	}
	s.runs++
	s.seen[sig]++
	switch s.seen[sig] {
	case 1:
		s.once++
	case 2:
		s.once--
	}
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
	return runs >= minEstimateRuns && p < 1-confidence-1e-12
}
