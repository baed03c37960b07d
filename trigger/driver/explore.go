package driver

import (
	"cmp"
	"fmt"
	"math"
	"strconv"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Explore is what a controlled run reports about its interleavings
// (CONTRACT.md section 5).
type Explore = wire.Explore

// Stop is why a test's hunt ended.
type Stop string

const (
	// StopNoInterleaving: the calibration run had no choice between
	// goroutines that order a shared object (one goroutine, goroutines
	// sharing nothing, or only forced orders): one run covers the test.
	StopNoInterleaving Stop = "no interleaving"
	// StopExhausted: the runs showed every ordering of the conflicting
	// operations the bound allows.
	StopExhausted Stop = "exhausted"
	StopConfirmed Stop = "confirmed"
	// StopBudget: the seeded runs were all made; TestStats.MissBound
	// bounds what they may have missed.
	StopBudget Stop = "budget spent"
	// StopSettled: the orderings could not be counted, and the seeded
	// runs kept showing orderings earlier ones showed: the Good–Turing
	// estimate (TestStats.Unseen) fell below 1-confidence (unseen.go).
	StopSettled Stop = "settled"
	// StopTime: the hunt's time (Options.Until) ran out before the test's
	// seeded budget was spent, or before its hunt started.
	StopTime Stop = "time up"
)

// Stops lists the stop reasons in display order.
var Stops = []Stop{StopNoInterleaving, StopExhausted, StopConfirmed, StopSettled, StopBudget, StopTime}

// space is what a test's runs showed of its schedule space: the first
// run's shape and bound, the distinct orderings seen since.
type space struct {
	runs      int // controlled runs that reported
	shape     string
	orderings float64
	uncounted string // why the orderings cannot be bounded
	sigs      map[string]Outcome
	// unexplored is a draw the runs cannot cover (Explore.Unexplored).
	unexplored string
	// seeds are the signatures of the strategy's seeded runs; blind says
	// why signatures cannot stand for runs (no estimate then).
	seeds seedSigs
	blind string
	// most is the most goroutines a run had.
	most int
}

// add counts a run's report; the caller holds testHunt.mu.
func (s *space) add(rn *run) {
	if rn.Result == nil || rn.Config.Replay != "" {
		return
	}
	e := rn.Result.Explore
	if e == nil {
		return
	}
	if rn.Outcome.Hung() { // stopped at its bound: its orderings are not all of a run's
		s.uncounted = cmp.Or(s.uncounted, "a run reached its time bound")
		s.blind = cmp.Or(s.blind, "a run reached its time bound")
		return
	}
	s.runs++
	s.most = max(s.most, rn.Result.Goroutines)
	switch {
	case s.runs == 1:
		s.shape, s.orderings, s.uncounted = e.Shape, e.Orderings, e.Uncounted
		s.sigs = map[string]Outcome{}
	case e.Shape != s.shape && s.uncounted == "":
		s.uncounted = "the runs differ in which goroutines operate on which objects how often"
	}
	if s.uncounted == "" && e.Orderings == 0 {
		s.uncounted = cmp.Or(e.Uncounted, "too many orderings to count")
	}
	s.unexplored = cmp.Or(s.unexplored, e.Unexplored)
	if o, ok := s.sigs[e.Signature]; ok && (o == Deadlock) != (rn.Outcome == Deadlock) {
		// The same ordering and draws ended differently: something
		// outside the schedule decided; no count of orderings covers it.
		s.uncounted = cmp.Or(s.uncounted, "runs with the same ordering ended differently (a source outside the scheduler)")
		s.blind = cmp.Or(s.blind, "runs with the same ordering ended differently")
	}
	s.sigs[e.Signature] = rn.Outcome
	if rn.Seeded && rn.Aim == "" {
		s.seeds.add(e.Signature, e)
	}
}

// prior counts the kinds of orderings of a controlled run of the test
// that is not one of the strategy's seeds: the calibration, the
// recording's runs. The estimate over kinds, made where the budget
// promises nothing, is over every such run (their strategies, random and
// pct, vary at least as much as the seeds'); the one over orderings is
// over the seeds only. An aim's runs hold goroutines back by design and
// do not count. recorded: rn is a run the recording made that is not
// one of the hunt's. The caller holds testHunt.mu.
func (s *space) prior(rn *run, recorded bool) {
	if rn.Result == nil || rn.Result.Explore == nil || rn.Outcome.Hung() || rn.Seeded || rn.Aim != "" || rn.Config.Replay != "" || rn.Config.Target != nil {
		return
	}
	if s.seeds.addKinds(rn.Result.Explore) {
		s.seeds.before++
		if recorded {
			s.seeds.recorded++
		}
	}
}

// unseen is the Good–Turing estimate over the strategy's seeded runs and
// their number; runs is 0 when there is none. It is made where the budget
// cannot show every ordering (they cannot be counted, or are more than
// budget), and where it could but every seeded run showed one and the
// same ordering: a count the runs never vary from is most often a count
// of orderings the test cannot take (a sleep or a timer orders its
// goroutines, which the per-object count does not see). Runs that vary
// go on to show them all.
func (s *space) unseen(budget int) (p float64, runs int) {
	if s.blind != "" || s.seeds.runs == 0 || s.uncounted == "" && s.orderings <= float64(budget) && len(s.seeds.seen) > 1 {
		return 0, 0
	}
	return goodTuring(s.seeds.once, s.seeds.runs), s.seeds.runs
}

// unseenKinds is the Good–Turing estimate over the kinds of orderings the
// test's controlled runs showed (the seeds and those counted by prior;
// the kinds seen in one run only, over the runs), the runs and the kinds;
// runs is 0 when there is none. The kinds
// of the runs' data choices count only with draws (a test of one
// goroutine), or where the runs showed no other kind: in a test of many,
// a draw that changes what its goroutines do shows as a new kind of
// ordering, and one that does not (a new order of a small map, in most
// runs of a test that ranges over many) is no evidence that more runs
// would show more.
func (s *space) unseenKinds(draws bool) (p float64, runs, kinds int) {
	k, over := &s.seeds.kinds, s.seeds.kindsOver
	once, n := k.once, len(k.seen)
	if draws || n == 0 { // both sorts: the runs are the same, no kind is of both
		d := &s.seeds.draws
		over = over || s.seeds.drawsOver
		once, n = once+d.once, n+len(d.seen)
	}
	if s.blind != "" || over || k.runs == 0 || n == 0 {
		return 0, 0, 0
	}
	return goodTuring(once, k.runs), k.runs, n
}

// settledLocked reports whether t's seeded runs may stop on the estimate:
// never while keeping going. A test with aims has made every directed run
// of its predictions before its seeds (a phase of its own, which the
// estimate does not stop); its seeds are the strategy's, as another
// test's: once they keep showing what they showed, more of them would
// too. A test whose budget promises nothing (cut to NoGuaranteeRuns)
// also stops once minKindRuns controlled runs or more (the recording's
// counted: space.prior) showed no kind of ordering the others did not:
// its runs lose no promise by stopping, and more of them would mostly
// repeat, at the level of code, what they showed. The caller holds t.mu.
func (t *testHunt) settledLocked() bool {
	return t.settledBy() != settledNot
}

// settleBy is which estimate settled t's seeded runs.
type settleBy int

const (
	settledNot settleBy = iota
	settledOrderings
	settledKinds
)

// settledBy is settledLocked's answer, and which estimate gave it.
func (t *testHunt) settledBy() settleBy {
	o := &t.h.opts
	if o.KeepGoing {
		return settledNot
	}
	budget, cutFrom := t.budget()
	if p, n := t.space.unseen(budget); n > 0 && settles(p, n, o.Confidence) {
		return settledOrderings
	}
	one := t.oneGoroutine()
	if p, n, _ := t.space.unseenKinds(one); (cutFrom > 0 || one) && n >= minKindRuns && below(p, o.Confidence) {
		return settledKinds
	}
	return settledNot
}

// settled is settledLocked for a caller that does not hold t.mu.
func (t *testHunt) settled() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.settledLocked()
}

// exhausted reports whether the runs showed every ordering the bound
// allows; the caller holds testHunt.mu.
func (s *space) exhausted() bool {
	return s.runs > 0 && s.uncounted == "" && s.orderings >= 1 && float64(len(s.sigs)) >= s.orderings
}

// exhausted reports whether t's hunt can stop because its schedule space
// has been covered (unless keeping going: the whole budget is run).
func (t *testHunt) exhausted() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return !t.h.opts.KeepGoing && t.space.exhausted()
}

// stop decides why t's hunt ended, once it has; the caller holds t.mu.
func (t *testHunt) stop() {
	s := &t.stats
	switch {
	case s.Failure != nil || s.Interrupted || s.NotHunted:
		return
	case len(s.Findings) > 0:
		s.Stop = StopConfirmed
	case t.space.exhausted() && t.space.orderings == 1:
		s.Stop, s.Orderings = StopNoInterleaving, 1
	case t.space.exhausted():
		s.Stop, s.Orderings = StopExhausted, int(t.space.orderings)
	default:
		s.Stop = StopBudget
		by := t.settledBy()
		switch {
		case t.timeUp:
			s.Stop = StopTime
		case by != settledNot:
			s.Stop = StopSettled
		}
		s.MissBound = MissBound(t.perRunBound(), s.Seeded)
		if s.OneGoroutine = t.oneGoroutine(); s.OneGoroutine {
			s.MissBound = 1 // no interleaving to miss; nothing bounds its draws
		}
		var budget int
		budget, s.NoGuaranteeOf = t.budget()
		s.Unseen, s.UnseenRuns = t.space.unseen(budget)
		if by == settledKinds && s.Stop == StopSettled {
			s.Unseen, s.UnseenRuns, s.UnseenKinds = t.space.unseenKinds(s.OneGoroutine)
			s.UnseenBefore, s.UnseenRecorded = t.space.seeds.before, t.space.seeds.recorded
		}
	}
	s.Uncounted, s.Unexplored = t.space.uncounted, t.space.unexplored
	if s.Uncounted == "" {
		s.Bound = t.space.orderings
	}
	s.Orderings = max(s.Orderings, len(t.space.sigs))
}

// StopText says why the hunt of a test ended, for its line: "no
// interleaving", "explored all 6 orderings", "confirmed", "settled: …",
// "budget spent (3 orderings seen, miss bound 0.21)". A miss bound too
// near 1 to promise anything is "no guarantee", with the estimate of
// what a next run would show where there is one.
//
// Where a run drew a value no count of runs covers (Unexplored), neither
// "no interleaving" nor "explored all" is claimed: the line says what
// the runs covered and what they could not.
func (s *TestStats) StopText() string {
	switch {
	case s.Stop == StopNoInterleaving && s.Unexplored != "":
		return "one ordering of its goroutines, which one run covers; not explored: " + s.Unexplored
	case s.Stop == StopExhausted && s.Unexplored != "":
		return fmt.Sprintf("all %d orderings of its goroutines and small draws seen; not explored: %s", s.Orderings, s.Unexplored)
	}
	if s.OneGoroutine && (s.Stop == StopSettled || s.Stop == StopBudget) {
		return s.oneGoroutineText()
	}
	switch s.Stop {
	case StopNoInterleaving:
		return "no interleaving: one ordering, which one run covers"
	case StopExhausted:
		return fmt.Sprintf("explored all %d orderings", s.Orderings)
	case StopSettled:
		if s.UnseenKinds > 0 {
			return fmt.Sprintf("settled: %s seen, no guarantee, nor in %d runs; %s", counted(s.Orderings, "ordering"), s.NoGuaranteeOf, s.unseenText())
		}
		if s.Bound > 0 {
			return fmt.Sprintf("settled: %d of %.0f orderings seen; %s", s.Orderings, s.Bound, s.unseenText())
		}
		return fmt.Sprintf("settled: %s", s.unseenText())
	case StopTime:
		if s.Runs == 0 {
			return "time up (-for) before its hunt started"
		}
		return fmt.Sprintf("time up (-for) after %d run(s), %d seeded (%s)", s.Runs, s.Seeded, s.boundText())
	case StopBudget:
		return fmt.Sprintf("budget spent (%s)", s.boundText())
	}
	return string(s.Stop)
}

// oneGoroutineText is the stop of a test whose runs each had one
// goroutine: no interleaving; its runs varied its draws, which no count of
// runs bounds: "settled: one goroutine, no interleaving; 12 of 4096
// combinations of its draws seen; a next run shows …", or "budget spent:
// …, no guarantee over them".
func (s *TestStats) oneGoroutineText() string {
	seen := strconv.Itoa(s.Orderings)
	if s.Bound > 0 {
		seen += fmt.Sprintf(" of %.0f", s.Bound)
	}
	line := fmt.Sprintf("one goroutine, no interleaving; %s combinations of its draws seen", seen)
	if s.Stop == StopSettled {
		return "settled: " + line + "; " + s.unseenText()
	}
	line = "budget spent: " + line + ", no guarantee over them"
	if s.UnseenRuns > 0 {
		line += "; " + s.unseenText()
	}
	return line
}

// boundText says what the seeded runs bought: "3 orderings seen, miss
// bound 0.21", or "no guarantee" with the estimate where there is one.
func (s *TestStats) boundText() string {
	none := "no guarantee"
	if s.NoGuaranteeOf > 0 {
		none += fmt.Sprintf(", nor in %d runs", s.NoGuaranteeOf)
	}
	var what string
	switch {
	case !report.NoGuarantee(s.MissBound):
		what = fmt.Sprintf("miss bound %.3g", s.MissBound)
	case s.UnseenRuns > 0:
		what = none + "; " + s.unseenText()
	default:
		what = none
	}
	switch {
	case s.Bound > 0:
		return fmt.Sprintf("%d of %.0f orderings seen, %s", s.Orderings, s.Bound, what)
	case s.Orderings > 0:
		return fmt.Sprintf("%d orderings seen, %s", s.Orderings, what)
	}
	return what
}

// unseenText says the estimate: "a next run shows a new ordering with
// p≈0.03 (Good–Turing over 34 runs: 1 ordering seen once)", or over
// kinds of orderings "a next run shows a new kind of ordering (by code
// site) with p≈0 (Good–Turing over 10 runs: none of 57 kinds seen in one
// run only)".
func (s *TestStats) unseenText() string {
	n := int(math.Round(s.Unseen * float64(s.UnseenRuns))) // seen once
	if s.UnseenKinds > 0 {
		once := "none"
		if n > 0 {
			once = strconv.Itoa(n)
		}
		what := "ordering"
		if s.OneGoroutine {
			what = "draw"
		}
		over := counted(s.UnseenRuns, "run")
		if s.UnseenRecorded > 0 {
			// The line counts the test's runs, its plain run and an aim's
			// included: say which the estimate is over, and what more.
			over = fmt.Sprintf("%s (%d seeded, %d before them, %d the recording made)", over,
				s.UnseenRuns-s.UnseenBefore, s.UnseenBefore-s.UnseenRecorded, s.UnseenRecorded)
		}
		return fmt.Sprintf("a next run shows a new kind of %s (by code site) with p≈%.2g (Good–Turing over %s: %s of %d kinds seen in one run only)",
			what, s.Unseen, over, once, s.UnseenKinds)
	}
	what := "ordering"
	if s.OneGoroutine { // its orderings are combinations of its draws
		what = "combination"
	}
	once := "no " + what
	if n > 0 {
		once = counted(n, what)
	}
	return fmt.Sprintf("a next run shows a new %s with p≈%.2g (Good–Turing over %d runs: %s seen once)", what, s.Unseen, s.UnseenRuns, once)
}

// counted is "1 thing" or "n things".
func counted(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// StopRef is a test's stop reason for the report.
func (s *TestStats) StopRef() report.TestRun {
	return report.TestRun{Package: s.Package, Test: s.Test, Runs: s.Runs, ConfirmedAt: s.ConfirmedAt, ElapsedMS: s.Elapsed.Milliseconds(),
		Stop: string(s.Stop), Orderings: s.Orderings, MissBound: s.MissBound,
		Unseen: s.Unseen, UnseenRuns: s.UnseenRuns, UnseenKinds: s.UnseenKinds, UnseenBefore: s.UnseenBefore, OneGoroutine: s.OneGoroutine, Unexplored: s.Unexplored, LeakCheck: s.LeakCheck}
}

// seedBudget is the test's seeded runs: enough for Options.Confidence
// against a deadlock of the assumed depth, given the calibration, capped
// at Options.Runs (RunsFor); at Options.NoGuaranteeRuns where even Runs
// runs would promise nothing (unless keeping going): runs past those
// buy no guarantee, only orderings the Good–Turing estimate says are
// still new in a space too large for them to matter one by one.
func (t *testHunt) seedBudget() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n, _ := t.budget()
	return n
}

// budget is seedBudget, and the Runs cap it was cut from (0: not cut).
func (t *testHunt) budget() (runs, cutFrom int) {
	o := &t.h.opts
	p := t.perRunBound()
	n := RunsFor(p, o.Confidence, o.Runs)
	switch {
	case o.KeepGoing:
	case t.oneGoroutine():
		// No interleaving: its seeded runs only vary its draws, which
		// the strategy's bound does not speak for; they stop on what
		// they show (settledBy), within NoGuaranteeRuns.
		return min(n, o.NoGuaranteeRuns), 0
	case n > o.NoGuaranteeRuns && report.NoGuarantee(MissBound(p, n)):
		return o.NoGuaranteeRuns, n
	}
	return n, 0
}

// oneGoroutine reports whether each of t's runs had one goroutine: the
// calibration and every run since.
func (t *testHunt) oneGoroutine() bool {
	return t.stats.Calibration.Goroutines == 1 && t.space.most <= 1
}

// perRunBound is the strategy's bound on the chance that one seeded run
// of t shows a deadlock of the assumed depth, from its calibration.
func (t *testHunt) perRunBound() float64 {
	o, c := &t.h.opts, t.stats.Calibration
	return PerRunBound(o.Strategy, c.Goroutines, stepsFor(o.Strategy, c), c.Radius, o.Depth)
}
