package driver

import (
	"context"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/predict"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// record records the fake's tests into a fresh trace directory.
func record(t *testing.T, pkg Package, env []string) (*Recording, string) {
	t.Helper()
	dir := t.TempDir()
	rec, err := Record(context.Background(), []Package{pkg}, RecordOptions{Dir: dir, Env: env, Parallel: 1, WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range rec.Errors {
		t.Errorf("record error: %v", e)
	}
	return rec, dir
}

// Recording makes a plain run (no trace) then 3 random and 2 pct traced
// runs; prediction finds the fake's AB-BA cycle and aims it at the
// inner acquisitions of its two edges.
func TestRecordAndPredict(t *testing.T) {
	pkg, env, fdir := fakePackage(t, "TestAimed")
	rec, dir := record(t, pkg, env)
	if len(rec.Tests) != 1 || len(rec.Tests[0].Traces) != 5 {
		t.Fatalf("recorded %+v, want 5 traces of one test", rec.Tests)
	}
	want := filepath.Join(dir, "example.com_fake", "TestAimed.pct-2.trace")
	if got := rec.Tests[0].Traces[4]; got != want {
		t.Errorf("trace %s, want %s", got, want)
	}
	runs := logLines(t, fdir, "runs.log")
	if len(runs) != 6 || count(runs, "plain 0") != 1 || count(runs, "random ") != 3 || count(runs, "pct ") != 2 {
		t.Errorf("runs made: %q; want plain, random 0-2, pct 1-2", runs)
	}
	pr := Predict(rec, predict.Options{})
	if len(pr.Errors) > 0 || len(pr.Findings) != 1 {
		t.Fatalf("prediction errors %v, findings %v; want one finding", pr.Errors, pr.Findings)
	}
	f := pr.Findings[0]
	if f.Status != report.PredictedDynamic || f.ID != report.ComputeID(report.LockOrderCycle, "example.com/fake", []string{"(*fake.T).a", "(*fake.T).b"}) {
		t.Errorf("finding %s", f.Summary())
	}
	aims := pr.Aims[TestKey{"example.com/fake", "TestAimed"}]
	if len(aims) != 1 {
		t.Fatalf("aims %+v, want one", pr.Aims)
	}
	a := aims[0]
	if a.ID != f.ID || a.Depth != 4 || a.Steps != 2 || !slices.Equal(a.Target.Sites, []string{"/fake/a.go:11:2", "/fake/a.go:21:2"}) || len(a.Target.Classes) != 0 {
		t.Errorf("aim %+v; want the finding's ID, depth 4 (2 locks, one more inner point, one held point), k 2 and the two inner sites", a)
	}
	if !slices.Equal(a.Target.HeldSites, []string{"/fake/a.go:10:2", "/fake/a.go:20:2"}) || a.Target.HeldSteps != 2 {
		t.Errorf("aim held sites %q, k %d; want the edges' first acquisitions, 2", a.Target.HeldSites, a.Target.HeldSteps)
	}
	if !slices.Equal(a.Target.Goroutines, []string{"/fake/a.go:10:2", "/fake/a.go:20:2"}) || a.Goroutines != 2 {
		t.Errorf("aim orders goroutines created at %q, n %d; want the two cycle goroutines' creation sites, n 2", a.Target.Goroutines, a.Goroutines)
	}
	if !pr.Touched[TestKey{"example.com/fake", "TestAimed"}]["(*fake.T).b"] {
		t.Errorf("touched %v lacks (*fake.T).b", pr.Touched)
	}
}

// Directed alone runs only the aims: seeds until the first confirmation
// (seed 2, the first even one); no calibration run, as the recorded runs
// gave k.
func TestHuntDirected(t *testing.T) {
	pkg, env, fdir := fakePackage(t, "TestAimed")
	rec, _ := record(t, pkg, env)
	pr := Predict(rec, predict.Options{})
	s := hunt(t, []Package{pkg}, Options{Runs: 10, Parallel: 1, Env: env, Strategy: report.Directed, Aims: pr.Aims, Recording: rec})
	if len(s.Findings) != 1 || s.Findings[0].ID != pr.Findings[0].ID {
		t.Fatalf("findings %v, want the predicted one", s.Findings)
	}
	if w := s.Findings[0].Witness; w.Strategy != report.Directed || w.Seed != 2 {
		t.Errorf("witness %s seed %d, want directed seed 2", w.Strategy, w.Seed)
	} else if w.Params["aim"] != pr.Findings[0].ID {
		t.Errorf("witness aim %q, want the prediction that led to it, %s", w.Params["aim"], pr.Findings[0].ID)
	}
	st := s.Tests[0]
	if len(st.Aims) != 1 {
		t.Fatalf("aim stats %+v", st.Aims)
	}
	a := st.Aims[0]
	if a.Runs != 2 || a.Deadlocks != 1 || a.FirstHit != 2 || a.Steps != 2 || a.Depth != 4 || a.Radius != 2 {
		t.Errorf("aim stats %+v; want 2 runs, first hit 2, k 2, d 4, r 2", *a)
	}
	targets := logLines(t, fdir, "targets.log")
	if n := count(targets, "directed "); n != 2 || count(targets, `sites=["/fake/a.go:11:2" "/fake/a.go:21:2"] goroutines=["/fake/a.go:10:2" "/fake/a.go:20:2"]`) != 2 {
		t.Errorf("targeted runs %q; want 2 directed runs aimed at the inner sites and the cycle's goroutines, no calibration run", targets)
	}
	runs := logLines(t, fdir, "runs.log")
	if n := count(runs, "rpro"); n != 0 {
		t.Errorf("%d rpro runs, want none with strategy directed", n)
	}
	if n := count(runs, "plain 0"); n != 1 || st.Runs != 4 || st.ConfirmedAt != 4 {
		t.Errorf("%d plain runs, %d runs counted, confirmed at %d; want the recording's plain run reused and counted (plain, random 0, 2 seeds), confirmed at 4", n, st.Runs, st.ConfirmedAt)
	}
}

// A deadlock of an aim whose replay failed is no hit of it, although a
// later run confirmed the same deadlock: the first hit is that run's.
func TestAimFirstHitReproduced(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestAimedUnstable")
	rec, _ := record(t, pkg, env)
	pr := Predict(rec, predict.Options{})
	s := hunt(t, []Package{pkg}, Options{Runs: 10, Parallel: 1, Env: env, Strategy: report.Directed, Aims: pr.Aims, Recording: rec})
	if len(s.Findings) != 1 || s.Findings[0].Witness.Seed != 2 {
		t.Fatalf("findings %+v, want one confirmed by directed seed 2", s.Findings)
	}
	if a := s.Tests[0].Aims; len(a) != 1 || a[0].Deadlocks != 2 || a[0].FirstHit != 2 {
		t.Errorf("aim stats %+v, want 2 deadlocks, the first hit seed 2's", a)
	}
}

// An aim whose k no recorded run gave (a static prediction aimed at its
// sites) gets a calibration run that counts it.
func TestHuntAimCalibratesUnknownK(t *testing.T) {
	pkg, env, fdir := fakePackage(t, "TestAimed")
	aim := Aim{ID: "DH-0000000001", Target: wire.Target{Sites: []string{"/fake/a.go:11:2", "/fake/a.go:21:2"}}, Depth: 3}
	s := hunt(t, []Package{pkg}, Options{Runs: 4, Parallel: 1, Env: env, Strategy: report.Directed,
		Aims: map[TestKey][]Aim{{pkg.ImportPath, "TestAimed"}: {aim}}})
	targets := logLines(t, fdir, "targets.log")
	if count(targets, `TestAimed random 0 classes=[] sites=["/fake/a.go:11:2" "/fake/a.go:21:2"]`) != 1 {
		t.Errorf("targeted runs %q; want one calibration run counting the aim's acquisitions", targets)
	}
	if a := s.Tests[0].Aims; len(a) != 1 || a[0].Steps != 2 {
		t.Errorf("aim stats %+v; want k 2 from the calibration run", a)
	}
}

// An aim that never deadlocks runs its whole budget, then the test gets
// the strategy's own seeds; its search bound is (1-p)^runs over the runs
// that placed late goroutines above the targets (seed 2 of 1..4 did not).
func TestHuntAimUnconfirmed(t *testing.T) {
	pkg, env, fdir := fakePackage(t, "TestAimedMiss")
	rec, _ := record(t, pkg, env)
	pr := Predict(rec, predict.Options{})
	s := hunt(t, []Package{pkg}, Options{Runs: 4, Parallel: 1, Env: env, Aims: pr.Aims})
	if len(s.Findings) != 0 {
		t.Fatalf("findings %v, want none", s.Findings)
	}
	runs := logLines(t, fdir, "runs.log")
	if d, r := count(runs, "directed"), count(runs, "TestAimedMiss rpro"); d != 4 || r != 4 {
		t.Errorf("%d directed and %d rpro runs, want 4 each", d, r)
	}
	a := s.Tests[0].Aims[0]
	se := a.Search()
	// n 2 target goroutines, k 2, (2r)^(d-3) with r 2, d 4, 2 held-site acquisitions
	p := 1 / (2.0 * 2 * 4 * 2)
	if se.Runs != 4 || se.Depth != 4 || math.Abs(se.MissBound-math.Pow(1-p, 3)) > 1e-12 || !strings.Contains(se.Note, "k=2") ||
		!strings.Contains(se.Note, "1 run(s) with late goroutines below the targets") {
		t.Errorf("search %+v, want 4 runs (1 placing late goroutines low), depth 4, miss bound %.4f", *se, math.Pow(1-p, 3))
	}
}

func TestPerRunBound(t *testing.T) {
	cases := []struct {
		strategy   report.Strategy
		n, k, r, d int
		want       float64
	}{
		{report.PCT, 2, 10, 0, 3, 1.0 / 200},
		{report.RPro, 2, 10, 3, 3, 1.0 / 120},
		{report.Directed, 3, 4, 2, 2, 1.0 / 12},
		{report.Directed, 3, 4, 2, 4, 1.0 / (12 * 16)},
		{report.Random, 3, 4, 2, 2, 0},
		{report.PCT, 0, 4, 2, 2, 0},
	}
	for _, c := range cases {
		if got := PerRunBound(c.strategy, c.n, c.k, c.r, c.d); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("PerRunBound(%s, n %d, k %d, r %d, d %d) = %g, want %g", c.strategy, c.n, c.k, c.r, c.d, got, c.want)
		}
	}
	if got := MissBound(0.5, 3); got != 0.125 {
		t.Errorf("MissBound(0.5, 3) = %g", got)
	}
	if got := MissBound(0, 100); got != 1 {
		t.Errorf("MissBound(0, 100) = %g, want 1 (no guarantee)", got)
	}
}

// A test that fails on its own is not recorded under control, and a hang
// stops the recording at once.
// TestRecordCapsLeakedSpinners: the recording runs after the first one
// cap the steps of leaked goroutines that never stop, as the hunt does.
func TestRecordCapsLeakedSpinners(t *testing.T) {
	pkg, env, fdir := fakePackage(t, "TestEndSpin")
	record(t, pkg, env)
	lines := logLines(t, fdir, "endsteps.log")
	want := []string{"plain 0 0", "random 0 0", "random 1 10000", "random 2 10000", "pct 1 10000", "pct 2 10000"}
	if !slices.Equal(lines, want) {
		t.Errorf("runs (strategy, seed, end_steps) %q, want %q", lines, want)
	}
}

func TestRecordBadTests(t *testing.T) {
	pkg, env, fdir := fakePackage(t, "TestFail")
	rec, err := Record(context.Background(), []Package{pkg}, RecordOptions{Dir: t.TempDir(), Env: env, Parallel: 1, WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if o := rec.Tests[0].Outcomes; o[Fail] != 1 || len(rec.Tests[0].Traces) != 0 {
		t.Errorf("TestFail recorded %v, %d traces; want the plain run only", o, len(rec.Tests[0].Traces))
	}
	if n := count(logLines(t, fdir, "runs.log"), "TestFail"); n != 1 {
		t.Errorf("TestFail ran %d times, want once", n)
	}
	pkg, env, fdir = fakePackage(t, "TestHang")
	rec, err = Record(context.Background(), []Package{pkg}, RecordOptions{Dir: t.TempDir(), Env: env, Parallel: 1, WorkDir: t.TempDir(), Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(logLines(t, fdir, "runs.log")); n != 1 || rec.Tests[0].Outcomes[Timeout] != 1 {
		t.Errorf("TestHang: %d runs, outcomes %v; want one plain run that timed out", n, rec.Tests[0].Outcomes)
	}
}

// TestRecordFirstRunAlongsidePlain: with two process slots the
// controlled runs are made while the plain run still sleeps; with one they
// come after it. A plain run that fails beside them leaves their traces
// (the hunt reports the test as failing on its own); with one slot a
// failing plain run is all the recording makes (TestRecordBadTests).
func TestRecordFirstRunAlongsidePlain(t *testing.T) {
	all := []string{"random 0", "random 1", "random 2", "pct 1", "pct 2"}
	for _, parallel := range []int{1, 2} {
		pkg, env, fdir := fakePackage(t, "TestSleepPlain")
		if parallel == 2 {
			env = append(env, "FAKE_PLAIN_AWAIT=5") // the plain run ends after the five others
		}
		if _, err := Record(context.Background(), []Package{pkg}, RecordOptions{Dir: t.TempDir(), Env: env, Parallel: parallel, WorkDir: t.TempDir()}); err != nil {
			t.Fatal(err)
		}
		want := append(slices.Clone(all), "plain end")
		if parallel == 1 {
			want = append([]string{"plain end"}, all...)
		}
		if lines := logLines(t, fdir, "overlap.log"); !slices.Equal(lines, want) {
			t.Errorf("-p %d: runs ended in the order %q, want %q", parallel, lines, want)
		}
	}
	pkg, env, fdir := fakePackage(t, "TestFailSlow")
	env = append(env, "FAKE_PLAIN_AWAIT=5")
	dir := t.TempDir()
	rec, err := Record(context.Background(), []Package{pkg}, RecordOptions{Dir: dir, Env: env, Parallel: 2, WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if lines := logLines(t, fdir, "overlap.log"); !slices.Equal(lines, append(slices.Clone(all), "plain end")) {
		t.Errorf("TestFailSlow's runs: %q, want every controlled run alongside the plain run", lines)
	}
	traces, _ := filepath.Glob(filepath.Join(dir, "*", "*.trace"))
	if o := rec.Tests[0].Outcomes; o[Fail] != 1 || o[Pass] != 5 || len(rec.Tests[0].Traces) != 5 || len(traces) != 5 {
		t.Errorf("TestFailSlow recorded %v, traces %v on disk %v; want the failing plain run and 5 traced runs", o, rec.Tests[0].Traces, traces)
	}
}

// A static finding is aimed at the inner sites of its edges when the
// recorded runs reached them, else at its lock classes.
func TestAimFinding(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestAimed")
	rec, _ := record(t, pkg, env)
	pr := Predict(rec, predict.Options{})
	key := TestKey{"example.com/fake", "TestAimed"}
	reached := report.Finding{ID: "DH-reached", Package: "example.com/fake", Kind: report.LockOrderCycle,
		Locks: []report.Lock{{Class: "(*fake.T).a"}, {Class: "(*fake.T).b"}},
		Edges: []report.Edge{{AcquiredAt: report.Site{File: "/fake/a.go", Line: 11, Col: 2}}, {AcquiredAt: report.Site{File: "/fake/a.go", Line: 21, Col: 2}}}}
	missed := reached
	missed.ID, missed.Edges = "DH-missed", []report.Edge{{AcquiredAt: report.Site{File: "/fake/a.go", Line: 99, Col: 1}}}
	pr.AimFinding(&reached, []string{"TestAimed"})
	pr.AimFinding(&missed, []string{"TestAimed"})
	aims := pr.Aims[key]
	if len(aims) != 3 {
		t.Fatalf("aims %+v, want the predicted one and two static ones", aims)
	}
	if a := aims[1]; a.ID != "DH-reached" || a.Steps != 2 || a.Depth != 3 || len(a.Target.Sites) != 2 || len(a.Target.Classes) != 0 {
		t.Errorf("reached: %+v, want both inner sites, k 2, d 3", a)
	}
	if a := aims[2]; a.ID != "DH-missed" || a.Steps != 0 || len(a.Target.Sites) != 0 || !slices.Equal(a.Target.Classes, []string{"(*fake.T).a", "(*fake.T).b"}) {
		t.Errorf("missed: %+v, want the lock classes", a)
	}
}

// targetOf: a cycle's held sites are its edges' first acquisitions; an
// RWR's are its writers' acquisitions, not the reader's first read lock;
// a double lock has none. The depth counts one point for them.
func TestTargetHeldSites(t *testing.T) {
	at := func(line int) report.Site { return report.Site{File: "/p/p.go", Line: line, Col: 2} }
	gs := predict.Target{Goroutines: []string{"test", "/p/p_test.go:9:2"}}
	cases := []struct {
		c     predict.Prediction
		sites []string
		held  []string
		depth int
	}{
		{predict.Prediction{Kind: report.LockOrderCycle, Classes: []string{"a", "b"}, Target: gs,
			Edges: []predict.Edge{{HeldAt: at(10), AcquiredAt: at(11)}, {HeldAt: at(20), AcquiredAt: at(21)}}},
			[]string{"/p/p.go:11:2", "/p/p.go:21:2"}, []string{"/p/p.go:10:2", "/p/p.go:20:2"}, 4},
		{predict.Prediction{Kind: report.RWR, Classes: []string{"a"}, Target: gs,
			Edges: []predict.Edge{{HeldAt: at(10), AcquiredAt: at(11)}}, Writers: []predict.Edge{{AcquiredAt: at(30)}}},
			[]string{"/p/p.go:11:2"}, []string{"/p/p.go:30:2"}, 3},
		{predict.Prediction{Kind: report.DoubleLock, Classes: []string{"a"}, Target: gs,
			Edges: []predict.Edge{{HeldAt: at(10), AcquiredAt: at(11)}}},
			[]string{"/p/p.go:11:2"}, nil, 2},
	}
	for _, c := range cases {
		tg := targetOf(&c.c)
		if !slices.Equal(tg.Sites, c.sites) || !slices.Equal(tg.HeldSites, c.held) || !slices.Equal(tg.Goroutines, gs.Goroutines) {
			t.Errorf("%s: target %+v; want sites %q, held %q, goroutines %q", c.c.Kind, tg, c.sites, c.held, gs.Goroutines)
		}
		if d := aimDepth(&c.c, tg); d != c.depth {
			t.Errorf("%s: depth %d, want %d", c.c.Kind, d, c.depth)
		}
	}
}

// Several aims take turns: each makes one run before any makes its
// second, so an aim listed after one that misses still runs early. The
// missing aim's four runs do not keep the other from its hit (seed 2).
func TestHuntAimsTakeTurns(t *testing.T) {
	pkg, env, fdir := fakePackage(t, "TestAimed")
	rec, _ := record(t, pkg, env)
	pr := Predict(rec, predict.Options{})
	key := TestKey{pkg.ImportPath, "TestAimed"}
	miss := Aim{ID: "DH-0000000002", Target: wire.Target{Sites: []string{"/fake/none.go:1:1"}}, Steps: 1, Runs: 4}
	aims := map[TestKey][]Aim{key: append([]Aim{miss}, pr.Aims[key]...)}
	s := hunt(t, []Package{pkg}, Options{Runs: 10, Parallel: 1, Env: env, Strategy: report.Directed, Aims: aims, Recording: rec})
	if len(s.Findings) != 1 || s.Findings[0].ID != pr.Findings[0].ID {
		t.Fatalf("findings %v, want the predicted one", s.Findings)
	}
	if w := s.Findings[0].Witness; w.Seed != 2 || w.Params["aim"] != pr.Findings[0].ID {
		t.Errorf("witness seed %d aim %q, want seed 2 of %s", w.Seed, w.Params["aim"], pr.Findings[0].ID)
	}
	var directed []string
	for _, l := range logLines(t, fdir, "targets.log") {
		if strings.Contains(l, " directed ") {
			directed = append(directed, l)
		}
	}
	if len(directed) != 6 || !strings.Contains(directed[0], "none.go") || !strings.Contains(directed[1], "a.go:11:2") ||
		!strings.Contains(directed[5], "a.go:11:2") {
		t.Errorf("directed runs %q; want the missing aim's first, the other's first, the missing aim's three more, then the other's second", directed)
	}
	if a := s.Tests[0].Aims; len(a) != 2 || a[0].Runs != 4 || a[1].Runs != 2 || a[1].FirstHit != 2 {
		t.Errorf("aim stats %+v; want 4 runs of the missing aim, 2 of the other, hit at its seed 2", a)
	}
}
