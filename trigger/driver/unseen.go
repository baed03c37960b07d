package driver

import (
	"math"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Estimating what a test's runs have not shown yet, where their orderings
// cannot be counted (no exhaustion to wait for): the Good–Turing estimate
// of the chance that one more seeded run shows an ordering (signature)
// none of the runs made so far showed is the number of signatures seen
// exactly once, over the runs. A hunt whose runs keep repeating what
// earlier runs showed stops on it (settled) rather than spend its budget.

// minEstimateRuns is the fewest seeded runs of the strategy an estimate
// is made over: below it, a streak of repeats means little.
const minEstimateRuns = 30

// minKindRuns is the fewest controlled runs an estimate over kinds of
// orderings is made over (settledLocked): the seeds, with the calibration
// and the recording's runs (space.prior).
const minKindRuns = 10

// seedSigs counts the signatures of the strategy's seeded runs (an aim's
// directed runs draw from another distribution and are left out), and the
// kinds of orderings they showed (wire.Explore.Kinds), by the runs that
// showed each: an estimate over kinds is the same as over signatures,
// with the runs that showed a kind in place of the runs of a signature
// (incidence counts); draws counts the kinds of the runs' data choices
// (DrawKinds) apart, in the same runs. kindsOver, drawsOver: a run had
// too many kinds to report, and no estimate is made over them.
type seedSigs struct {
	incidence[string]
	kinds, draws         incidence[uint64]
	kindsOver, drawsOver bool
	// before counts the kinds' runs that were not the strategy's seeds:
	// the calibration and the recording's runs (space.prior); recorded,
	// those of them the recording made besides the hunt's own runs.
	before, recorded int
}

// incidence counts runs and, for each thing a run showed, the runs that
// showed it; once is how many things one run only showed.
type incidence[K comparable] struct {
	runs, once int
	seen       map[K]int
}

// saw counts one more run that showed k.
func (c *incidence[K]) saw(k K) {
	if c.seen == nil {
		c.seen = map[K]int{}
	}
	c.seen[k]++
	switch c.seen[k] {
	case 1:
		c.once++
	case 2:
		c.once--
	}
}

// add counts one run's signature and kinds.
func (s *seedSigs) add(sig string, e *wire.Explore) {
	s.runs++
	s.saw(sig)
	s.addKinds(e)
}

// addKinds counts one run's kinds and reports whether they were counted
// (not once a run had too many to report).
func (s *seedSigs) addKinds(e *wire.Explore) bool {
	if s.kindsOver = s.kindsOver || e.KindsOver; s.kindsOver {
		return false
	}
	s.kinds.runs++
	for _, h := range e.Kinds {
		s.kinds.saw(h)
	}
	if s.drawsOver = s.drawsOver || e.DrawKindsOver; !s.drawsOver {
		s.draws.runs++
		for _, h := range e.DrawKinds {
			s.draws.saw(h)
		}
	}
	return true
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
