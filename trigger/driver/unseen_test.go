package driver

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// The Good–Turing estimate is the runs whose signature came exactly once,
// over the runs: a signature seen again leaves the count.
func TestGoodTuring(t *testing.T) {
	var s seedSigs
	for i, c := range []struct {
		sig        string
		once, runs int
	}{{"a", 1, 1}, {"b", 2, 2}, {"a", 1, 3}, {"a", 1, 4}, {"c", 2, 5}, {"c", 1, 6}, {"b", 0, 7}} {
		s.add(c.sig, &wire.Explore{})
		if s.once != c.once || s.runs != c.runs {
			t.Fatalf("after run %d (%s): %d seen once in %d runs, want %d in %d", i+1, c.sig, s.once, s.runs, c.once, c.runs)
		}
	}
	if p := goodTuring(1, 4); p != 0.25 {
		t.Errorf("goodTuring(1, 4) = %v, want 0.25", p)
	}
	if p := goodTuring(0, 0); !math.IsNaN(p) {
		t.Errorf("goodTuring over no run = %v, want NaN", p)
	}
}

// The estimate stops a hunt only over enough runs and strictly below
// what the confidence leaves unseen.
func TestSettles(t *testing.T) {
	for _, c := range []struct {
		p    float64
		runs int
		conf float64
		want bool
	}{
		{0, minEstimateRuns - 1, 0.99, false}, // too few runs, however repetitive
		{0, minEstimateRuns, 0.99, true},
		{0.01, 100, 0.99, false}, // at 1-confidence, not below it
		{0.009, 200, 0.99, true},
		{0.03, 34, 0.95, true},
		{0.03, 34, 0.99, false},
	} {
		if got := settles(c.p, c.runs, c.conf); got != c.want {
			t.Errorf("settles(%v, %d, %v) = %v, want %v", c.p, c.runs, c.conf, got, c.want)
		}
	}
}

func seededRun(sig, uncounted string, orderings float64) *run {
	rn := exploreRun(orderings, "sh", sig, uncounted)
	rn.Seeded = true
	return rn
}

// A space estimates over the strategy's seeded runs only, and only where
// the budget cannot show every ordering; never once signatures cannot
// stand for runs (one ordering ended two ways).
func TestSpaceUnseen(t *testing.T) {
	const timer = "a timer, ticker or deadline fired"
	var s space
	s.add(exploreRun(0, "sh", "cal", timer)) // the calibration: not seeded
	aimed := seededRun("x", timer, 0)
	aimed.Aim = "DH-1"
	s.add(aimed) // an aim's directed run: not the strategy's
	for i := range 4 {
		s.add(seededRun(strconv.Itoa(i%3), timer, 0)) // 0 1 2 0: 1 and 2 once
	}
	if p, n := s.unseen(100); n != 4 || p != 0.5 {
		t.Errorf("unseen = %v over %d runs, want 0.5 over 4", p, n)
	}

	// Counted orderings the budget can show: no estimate while the runs
	// vary (they go on to show them all), one where every run showed the
	// same; and one where the budget cannot show them all.
	var counted, same space
	for i := range 4 {
		counted.add(seededRun(strconv.Itoa(i%2), "", 6))
		same.add(seededRun("a", "", 6))
	}
	if _, n := counted.unseen(100); n != 0 {
		t.Errorf("6 countable orderings, 2 seen, budget 100: an estimate over %d runs", n)
	}
	if p, n := counted.unseen(5); n != 4 || p != 0 {
		t.Errorf("6 orderings, 2 seen twice each, budget 5: unseen %v over %d runs, want 0 over 4", p, n)
	}
	if p, n := same.unseen(100); n != 4 || p != 0 {
		t.Errorf("6 countable orderings, one seen 4 times, budget 100: unseen %v over %d runs, want 0 over 4", p, n)
	}

	var split space
	split.add(seededRun("a", timer, 0))
	dl := seededRun("a", timer, 0)
	dl.Outcome, dl.Result.Outcome = Deadlock, "deadlock"
	split.add(dl)
	if _, n := split.unseen(100); n != 0 || split.blind == "" {
		t.Errorf("one ordering, a pass and a deadlock: an estimate over %d runs (blind %q)", n, split.blind)
	}
}

// The estimate over kinds counts the controlled runs outside the seeds
// (the calibration, the recording's) as runs, beside the seeds; not an
// aim's runs, a replay, a run stopped at its bound, nor the seeds again.
// The estimate over orderings stays the seeds'.
func TestSpacePriorKinds(t *testing.T) {
	const timer = "a timer, ticker or deadline fired"
	kinds := func(rn *run, ks ...uint64) *run { rn.Result.Explore.Kinds = ks; return rn }
	var s space
	cal := kinds(exploreRun(0, "sh", "cal", timer), 1, 2) // one of the hunt's runs
	s.add(cal)
	s.prior(cal, false)
	s.prior(kinds(exploreRun(0, "sh", "rec", timer), 1, 2, 3), true) // the recording's only
	aimed := kinds(exploreRun(0, "sh", "aim", timer), 9)
	aimed.Aim = "DH-1"
	replayed := kinds(exploreRun(0, "sh", "rep", timer), 9)
	replayed.Config.Replay = "x.sched"
	hung := kinds(exploreRun(0, "sh", "hung", timer), 9)
	hung.Outcome = Timeout
	seed := kinds(seededRun("s", timer, 0), 1, 2)
	s.add(seed)
	for _, rn := range []*run{aimed, replayed, hung, seed} {
		s.prior(rn, false)
	}
	p, n, k := s.unseenKinds(false)
	if n != 3 || k != 3 || s.seeds.before != 2 || s.seeds.recorded != 1 || math.Abs(p-1.0/3) > 1e-9 {
		t.Errorf("kinds estimate %v over %d runs (%d before the seeds, %d the recording's), %d kinds; want 1/3 over 3 runs (2 before, 1 the recording's), 3 kinds", p, n, s.seeds.before, s.seeds.recorded, k)
	}
	if p, n := s.unseen(100); n != 1 || p != 1 {
		t.Errorf("orderings estimate %v over %d runs; want the seed's alone, 1 over 1", p, n)
	}
}

// A test whose timer-driven orderings cannot be counted, and whose seeds
// show the same ordering every time, stops after minEstimateRuns seeds
// (settled), where the budget was 100; the line says the estimate.
func TestHuntSettles(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestTimerSame")
	s := hunt(t, []Package{pkg}, Options{Runs: 100, Parallel: 1, Env: env})
	st := s.Tests[0]
	if st.Stop != StopSettled || st.Seeded != minEstimateRuns || st.UnseenRuns != minEstimateRuns || st.Unseen != 0 {
		t.Fatalf("%s: stop %q after %d seeds, estimate %v over %d; want settled after %d", st.String(), st.Stop, st.Seeded, st.Unseen, st.UnseenRuns, minEstimateRuns)
	}
	want := "settled: a next run shows a new ordering with p≈0 (Good–Turing over 30 runs: no ordering seen once)"
	if line := st.String(); !strings.Contains(line, want) || strings.Contains(line, "miss bound") {
		t.Errorf("line %q; want %q", line, want)
	}
	if ref := st.StopRef(); ref.Stop != "settled" || ref.UnseenRuns != minEstimateRuns || ref.CheckValid() != nil {
		t.Errorf("report stop %+v", ref)
	}
}

// A test whose 4 counted orderings the seeds never vary (the other 3
// cannot come: a sleep orders the goroutines, which the count does not
// see) stops on the estimate as an uncounted one does, after
// minEstimateRuns seeds, not after its budget; the line says the
// orderings seen of the bound.
func TestHuntSettlesCounted(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestCountedSame")
	s := hunt(t, []Package{pkg}, Options{Runs: 100, Parallel: 1, Env: env})
	st := s.Tests[0]
	if st.Stop != StopSettled || st.Seeded != minEstimateRuns || st.UnseenRuns != minEstimateRuns {
		t.Fatalf("%s: stop %q after %d seeds, estimate over %d; want settled after %d", st.String(), st.Stop, st.Seeded, st.UnseenRuns, minEstimateRuns)
	}
	want := "settled: 1 of 4 orderings seen; a next run shows a new ordering with p≈0 (Good–Turing over 30 runs: no ordering seen once)"
	if line := st.String(); !strings.Contains(line, want) {
		t.Errorf("line %q; want %q", line, want)
	}
}

// The estimate stops nothing while keeping going, nor an aim's directed
// runs: a test with an aim makes them all, then its seeds stop on the
// estimate as another test's do. Runs that keep showing new orderings
// spend the budget, whose line says there is no guarantee and the
// estimate, never "miss bound 1"; where no count of runs up to -runs
// would promise anything, the budget is NoGuaranteeRuns, and the line
// says so.
func TestHuntKeepsBudget(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestTimerSame", "TestTimerNew")
	aim := Aim{ID: "DH-0000000001", Target: wire.Target{Sites: []string{"/fake/a.go:11:2"}}, Depth: 3}
	s := hunt(t, []Package{pkg}, Options{Runs: 35, Parallel: 1, Env: env,
		Aims: map[TestKey][]Aim{{pkg.ImportPath, "TestTimerSame"}: {aim}}})
	for _, st := range s.Tests {
		switch st.Test {
		case "TestTimerSame":
			if len(st.Aims) != 1 || st.Aims[0].Runs != 35 || st.Stop != StopSettled || st.Seeded != 35+minEstimateRuns || st.UnseenRuns != minEstimateRuns {
				t.Errorf("%s: stop %q after %d seeds, aims %+v, estimate over %d; want the aim's 35 runs, then settled after %d seeds", st.String(), st.Stop, st.Seeded, st.Aims, st.UnseenRuns, minEstimateRuns)
			}
		case "TestTimerNew":
			if st.Stop != StopBudget || st.Seeded != minEstimateRuns || st.UnseenRuns != minEstimateRuns {
				t.Errorf("%s: stop %q after %d seeds, estimate over %d; want the budget of %d spent", st.String(), st.Stop, st.Seeded, st.UnseenRuns, minEstimateRuns)
			}
			// 31 orderings: the calibration's and the 30 seeds'.
			want := "budget spent (31 orderings seen, no guarantee, nor in 35 runs; a next run shows a new ordering with p≈1 (Good–Turing over 30 runs: 30 orderings seen once))"
			if !report.NoGuarantee(st.MissBound) || !strings.HasSuffix(st.String(), want) {
				t.Errorf("line %q (miss bound %v); want it to end %q", st.String(), st.MissBound, want)
			}
		}
	}
	pkg, env, _ = fakePackage(t, "TestTimerSame")
	s = hunt(t, []Package{pkg}, Options{Runs: 35, Parallel: 1, Env: env, KeepGoing: true})
	if st := s.Tests[0]; st.Stop != StopBudget || st.Seeded != 35 {
		t.Errorf("keeping going: %s after %d seeds; want the budget spent", st.String(), st.Seeded)
	}
}

// A test whose budget promises nothing (thousands of goroutines) and
// whose seeds show a new ordering every run stops once minKindRuns runs
// (its calibration counted) showed no kind of ordering that one run alone
// showed (settled, over kinds), also when each seed draws something new;
// one whose seeds keep showing new kinds of orderings spends its budget.
func TestHuntSettlesOnKinds(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestManyKinds", "TestManyNewKinds", "TestManyNewDraws")
	s := hunt(t, []Package{pkg}, Options{Runs: 100, Parallel: 1, Env: env})
	for _, st := range s.Tests {
		switch st.Test {
		case "TestManyKinds", "TestManyNewDraws":
			if st.Stop != StopSettled || st.Seeded != minKindRuns-1 || st.UnseenKinds != 3 || st.UnseenRuns != minKindRuns || st.UnseenBefore != 1 {
				t.Fatalf("%s: stop %q after %d seeds, estimate over %d kinds in %d runs (%d before the seeds); want settled after %d seeds and the calibration, over 3", st.String(), st.Stop, st.Seeded, st.UnseenKinds, st.UnseenRuns, st.UnseenBefore, minKindRuns-1)
			}
			want := "settled: 10 orderings seen, no guarantee, nor in 100 runs; a next run shows a new kind of ordering (by code site) with p≈0 (Good–Turing over 10 runs: none of 3 kinds seen in one run only)"
			if line := st.String(); !strings.Contains(line, want) {
				t.Errorf("line %q; want %q", line, want)
			}
			if ref := st.StopRef(); ref.UnseenKinds != 3 || ref.UnseenBefore != 1 || ref.CheckValid() != nil {
				t.Errorf("report stop %+v", ref)
			}
		case "TestManyNewKinds":
			if st.Stop != StopBudget || st.Seeded != 30 || st.UnseenKinds != 0 {
				t.Errorf("%s: stop %q after %d seeds (kinds %d); want the budget of 30 spent", st.String(), st.Stop, st.Seeded, st.UnseenKinds)
			}
		}
	}
}

// A test each of whose runs has one goroutine has no interleaving: its
// seeds vary its draws only, and it settles on their kinds, saying so
// (the strategy's miss bound does not speak for draws). A seed that starts
// a second goroutine gives the test its full budget back.
func TestHuntOneGoroutine(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestOneDraws", "TestOneNewKinds", "TestOneThenTwo", "TestOneThenTwoShort")
	s := hunt(t, []Package{pkg}, Options{Runs: 40, Parallel: 1, Env: env})
	for _, st := range s.Tests {
		switch st.Test {
		case "TestOneDraws":
			if st.Stop != StopSettled || !st.OneGoroutine || st.Seeded != minKindRuns-1 || st.UnseenKinds != 4 {
				t.Fatalf("%s: stop %q after %d seeds (one goroutine %v, kinds %d); want settled after %d seeds and the calibration, over 4 kinds", st.String(), st.Stop, st.Seeded, st.OneGoroutine, st.UnseenKinds, minKindRuns-1)
			}
			want := "settled: one goroutine, no interleaving; 10 of 131072 combinations of its draws seen; a next run shows a new kind of draw (by code site) with p≈0 (Good–Turing over 10 runs: none of 4 kinds seen in one run only)"
			if line := st.String(); !strings.Contains(line, want) {
				t.Errorf("line %q; want %q", line, want)
			}
			if ref := st.StopRef(); !ref.OneGoroutine || ref.CheckValid() != nil {
				t.Errorf("report stop %+v", ref)
			}
		case "TestOneNewKinds": // a new kind every run: 30 runs, no guarantee over its draws
			want := "budget spent: one goroutine, no interleaving; 31 of 131072 combinations of its draws seen, no guarantee over them; a next run shows a new combination with p≈1 (Good–Turing over 30 runs: 30 combinations seen once)"
			if !st.OneGoroutine || st.Stop != StopBudget || st.Seeded != 30 || !strings.HasSuffix(st.String(), want) || !report.NoGuarantee(st.MissBound) {
				t.Errorf("%s: stop %q after %d seeds (miss bound %v); want it to end %q", st.String(), st.Stop, st.Seeded, st.MissBound, want)
			}
		case "TestOneThenTwo":
			// Seed 5 had two goroutines: a test whose budget promises
			// nothing after all, settled as such.
			want := "settled: 10 orderings seen, no guarantee, nor in 40 runs"
			if st.OneGoroutine || st.Stop != StopSettled || st.Seeded != minKindRuns-1 || !strings.Contains(st.String(), want) {
				t.Errorf("%s: stop %q after %d seeds (one goroutine %v); want %q", st.String(), st.Stop, st.Seeded, st.OneGoroutine, want)
			}
		case "TestOneThenTwoShort":
			// Its budget promises something once it is not alone: all
			// 40 runs, past the 30 it started with.
			if st.OneGoroutine || st.Stop != StopBudget || st.Seeded != 40 || report.NoGuarantee(st.MissBound) {
				t.Errorf("%s: stop %q after %d seeds (one goroutine %v, miss bound %v); want the budget of 40 spent", st.String(), st.Stop, st.Seeded, st.OneGoroutine, st.MissBound)
			}
		}
	}
}
