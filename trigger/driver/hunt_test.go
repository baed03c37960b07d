package driver

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

func hunt(t *testing.T, pkgs []Package, opts Options) *Summary {
	t.Helper()
	opts.WorkDir = t.TempDir()
	s, err := Hunt(context.Background(), pkgs, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range s.Errors {
		t.Errorf("hunt error: %v", e)
	}
	return s
}

func count(lines []string, substr string) int {
	n := 0
	for _, l := range lines {
		if strings.Contains(l, substr) {
			n++
		}
	}
	return n
}

// The fake deadlocks on seeds divisible by 3: with one process at a time,
// the hunt stops at seed 3 after replaying it once, having made the two
// calibration runs (plain, random seed 0) and seeds 1 to 3.
func TestHuntStopsAtFirstConfirmation(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestDeadlock")
	s := hunt(t, []Package{pkg}, Options{Runs: 30, Parallel: 1, Env: env})
	if len(s.Findings) != 1 {
		t.Fatalf("%d findings, want 1", len(s.Findings))
	}
	f := s.Findings[0]
	if w := f.Witness; w.Seed != 3 || w.Hits != 1 || w.Runs != 5 || w.Strategy != report.RPro {
		t.Errorf("witness seed %d, %d hits in %d runs, strategy %s; want seed 3, 1 hit in 5 runs, rpro", w.Seed, w.Hits, w.Runs, w.Strategy)
	}
	runs := logLines(t, dir, "runs.log")
	if len(runs) != 6 || count(runs, " replay ") != 1 || count(runs, "plain 0") != 1 || count(runs, "random 0") != 1 {
		t.Errorf("runs made: %q; want plain, random 0, seeds 1-3 and one replay", runs)
	}
	if st := s.Tests[0]; st.Runs != 5 || st.Outcomes[Deadlock] != 1 || st.Outcomes[Pass] != 4 || st.ConfirmedAt != 5 {
		t.Errorf("stats %s, confirmed at run %d (want 5)", st.String(), st.ConfirmedAt)
	}
}

// A seed that deadlocks the same way as the confirmed one but comes
// earlier in the hunt (it ended later, in the other process) is replayed
// too: with one process it would have been the confirming run.
func TestHuntConfirmedAtEarlierSeed(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestEvery")
	s := hunt(t, []Package{pkg}, Options{Runs: 30, Parallel: 2, Env: env})
	if st := s.Tests[0]; len(st.Findings) != 1 || st.ConfirmedAt != 3 {
		t.Fatalf("%s: confirmed at run %d, want 3 (plain, calibration, seed 1); runs %q", st.String(), st.ConfirmedAt, logLines(t, dir, "runs.log"))
	}
	if w := s.Findings[0].Witness; w.Seed != 1 {
		t.Errorf("witness seed %d, want 1, as with one process", w.Seed)
	}
	if ref := s.Tests[0].StopRef(); ref.ConfirmedAt != 3 || ref.Runs < 3 {
		t.Errorf("report's test: %d runs, confirmed at %d; want it to say run 3", ref.Runs, ref.ConfirmedAt)
	}
}

// Runs to confirm is the confirming run's place in the hunt, as one
// process at a time makes it: with two, seed 4 may end (and be counted)
// before seed 3's deadlock is replayed; seed 3 is still the hunt's 5th run.
func TestHuntConfirmedAtWithTwoProcesses(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestDeadlock")
	for range 3 {
		s := hunt(t, []Package{pkg}, Options{Runs: 30, Parallel: 2, Env: env})
		if st := s.Tests[0]; len(st.Findings) != 1 || st.ConfirmedAt != 5 {
			t.Fatalf("%s: confirmed at run %d, want 5", st.String(), st.ConfirmedAt)
		}
	}
}

// TestTwo deadlocks two ways: on even seeds (a, b) and on odd multiples of
// 3 (c, d). Keep-going runs the whole budget and counts each.
func TestHuntKeepGoing(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestTwo")
	s := hunt(t, []Package{pkg}, Options{Runs: 12, Parallel: 2, KeepGoing: true, Env: env})
	if len(s.Findings) != 2 {
		t.Fatalf("%d findings, want 2", len(s.Findings))
	}
	hits := map[string]int{}
	for _, f := range s.Findings {
		if f.Witness.Runs != 14 {
			t.Errorf("%s: witness runs %d, want 14", f.ID, f.Witness.Runs)
		}
		hits[f.Locks[0].Class] = f.Witness.Hits
	}
	if hits["(*fake.T).a"] != 6 || hits["(*fake.T).c"] != 2 {
		t.Errorf("hits %v; want a: 6, c: 2", hits)
	}
	if st := s.Tests[0]; st.Seeded != 12 || st.SeededDeadlocks != 8 {
		t.Errorf("%d seeded runs, %d deadlocked; want 12 and 8", st.Seeded, st.SeededDeadlocks)
	}
	if n := count(logLines(t, dir, "runs.log"), " replay "); n != 2 {
		t.Errorf("%d replays, want 2 (one per finding)", n)
	}
}

// TestUnstable deadlocks on seeds divisible by 3 but never on replay: it
// must not be confirmed, and each failed replay is recorded.
func TestHuntReplayBeforeConfirm(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestUnstable", "TestMorph")
	s := hunt(t, []Package{pkg}, Options{Runs: 9, Parallel: 2, Env: env})
	if len(s.Findings) != 0 {
		t.Fatalf("confirmed %v, want nothing", s.Findings[0].Summary())
	}
	for _, st := range s.Tests {
		if st.Unreproduced != 3 || st.Outcomes[Deadlock] != 3 {
			t.Errorf("%s: %d unreproduced of %d deadlocks, want 3 of 3", st.Test, st.Unreproduced, st.Outcomes[Deadlock])
		}
	}
	if w := s.Tests[0].Warnings; len(w) == 0 || !strings.Contains(w[0], "diverged at step 2") {
		t.Errorf("TestUnstable warnings %q, want the divergence", w)
	}
	if w := s.Tests[1].Warnings; len(w) == 0 || !strings.Contains(w[0], "deadlocked differently") {
		t.Errorf("TestMorph warnings %q, want a different deadlock", w)
	}
}

// TestHuntCapsLeakedSpinners: once the calibration run shows goroutines
// the test leaks running on after its end, every later run caps the
// steps they take after it (they ran until the runtime's real-time limit,
// half the bound, in every run).
func TestHuntCapsLeakedSpinners(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestEndSpin")
	hunt(t, []Package{pkg}, Options{Runs: 4, Env: env, Strategy: report.Random})
	lines := logLines(t, dir, "endsteps.log")
	if len(lines) != 6 {
		t.Fatalf("%d runs, want 6: %q", len(lines), lines)
	}
	for i, l := range lines {
		want := fmt.Sprint(wire.LeakedEndSteps)
		if i < 2 { // the plain and the calibration run
			want = "0"
		}
		if f := strings.Fields(l); f[2] != want {
			t.Errorf("run %d (%s): end_steps %s, want %s", i+1, l, f[2], want)
		}
	}
}

// A test that fails in its plain run, made alone (one process at a time)
// in a copy of its directory, is made again in its directory itself; when
// that fails too the failure is its own, and it is not hunted: it is run
// once under control, for a deadlock the failure may hide (checkFailing),
// and no more: three runs.
func TestHuntFailingTest(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestFail", "TestPanic", "TestPass")
	s := hunt(t, []Package{pkg}, Options{Runs: 5, Parallel: 1, Env: env, Run: regexp.MustCompile("Fail|Panic")})
	if len(s.Tests) != 2 {
		t.Fatalf("%d tests hunted, want 2 (-run)", len(s.Tests))
	}
	for i, want := range []Outcome{Fail, Panic} {
		st := s.Tests[i]
		if st.Failure == nil || st.Failure.Outcome != want || st.Runs != 3 || st.Alone != nil || st.Seeded != 0 {
			t.Errorf("%s: %s, failure %+v; want %s after the plain run, its run in place and one controlled run", st.Test, st.String(), st.Failure, want)
		}
	}
	if !strings.Contains(s.Tests[0].Failure.Tail, "wrong answer") {
		t.Errorf("tail %q", s.Tests[0].Failure.Tail)
	}
	if n := len(logLines(t, dir, "runs.log")); n != 6 {
		t.Errorf("%d runs, want 6: each test's plain run, in a copy and in place, and one controlled run", n)
	}
}

// A test that passes plainly but fails under some schedules is hunted to
// its budget; the failing run of lowest seed is kept with its output.
func TestHuntFirstBadRun(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestFlaky")
	s := hunt(t, []Package{pkg}, Options{Runs: 10, Env: env})
	st := s.Tests[0]
	if st.Failure != nil || st.Outcomes[Fail] != 2 || st.Outcomes[Pass] != 10 {
		t.Fatalf("%s, failure %+v; want 2 failing seeded runs (seeds 4, 8) and 10 passing", st.String(), st.Failure)
	}
	b := st.FirstBad
	if b == nil || b.Seed != 4 || b.Outcome != Fail || b.Strategy != report.RPro || !strings.Contains(b.Tail, "flaky at seed 4") {
		t.Errorf("first bad run %+v, want rpro seed 4 failing with its output", b)
	}
}

// Calibration sees 100 acquisitions: rpro gets k = 100 and radius 5.
func TestHuntCalibration(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestPass")
	s := hunt(t, []Package{pkg}, Options{Runs: 2, Env: env})
	c := s.Tests[0].Calibration
	if c.Acquisitions != 100 || c.Steps != 120 || c.Radius != 5 {
		t.Errorf("calibration %+v", c)
	}
	runs := logLines(t, dir, "runs.log")
	if count(runs, "rpro") != 2 || count(runs, "steps=100 radius=5") != 2 {
		t.Errorf("runs %q, want two rpro runs with steps=100 radius=5", runs)
	}
}

// Every fake process records how many are alive at once; two packages
// hunted together must still stay within Parallel.
func TestHuntParallelBound(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestBarrier")
	pkg2 := pkg
	pkg2.ImportPath += "2"
	hunt(t, []Package{pkg, pkg2}, Options{Runs: 4, Parallel: 2, Env: env})
	most := 0
	for _, l := range logLines(t, dir, "live.log") {
		n, err := strconv.Atoi(l)
		if err != nil {
			t.Fatal(err)
		}
		most = max(most, n)
	}
	if most != 2 {
		t.Errorf("at most %d processes alive at once, want exactly 2 (Parallel)", most)
	}
}

func TestMakeFinding(t *testing.T) {
	pkg := &Package{ImportPath: "example.com/p"}
	d := &wire.Deadlock{Kind: report.LockOrderCycle, Message: "cycle",
		Locks: []report.Lock{{Class: "(*p.A).mu", Instance: "0x1"}, {Class: "(*p.A).mu", Instance: "0x2"}}}
	rn := &run{Config: wire.Config{Strategy: report.RPro, Seed: 7, Depth: 3, Radius: 4, Steps: 50, Goroutines: 3},
		Result: &wire.Result{Outcome: "deadlock", Deadlock: d, Schedule: []report.Step{{Goroutine: 1, Site: "x.go:1:1"}}}}
	c := &seenDeadlock{id: findingID(pkg.ImportPath, d), hits: 2, witness: rn}
	f := makeFinding(pkg, "TestX", c, 10, nil)
	if err := f.CheckValid(); err != nil {
		t.Fatal(err)
	}
	if want := report.ComputeID(report.LockOrderCycle, "example.com/p", []string{"(*p.A).mu"}); f.ID != want {
		t.Errorf("id %s, want %s (distinct classes)", f.ID, want)
	}
	w := f.Witness
	if f.Status != report.Confirmed || w.Seed != 7 || w.Hits != 2 || w.Runs != 10 || w.Test != "TestX" || w.Package != "example.com/p" {
		t.Errorf("finding %+v witness %+v", f, w)
	}
	want := map[string]string{"depth": "3", "radius": "4", "steps": "50", "goroutines": "3"}
	for k, v := range want {
		if w.Params[k] != v {
			t.Errorf("param %s = %q, want %q", k, w.Params[k], v)
		}
	}
	if got := witnessConfig(w); got.Seed != 7 || got.Radius != 4 || got.Steps != 50 || got.Strategy != report.RPro {
		t.Errorf("witness config %+v", got)
	}
	if !strings.Contains(w.Replay, "--finding "+f.ID) {
		t.Errorf("replay command %q", w.Replay)
	}
}

// An interrupted hunt returns what it found with the error.
func TestHuntCanceledKeepsFindings(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestDeadlock", "TestPass")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := Options{Runs: 30, Parallel: 1, Env: env, WorkDir: t.TempDir(), Progress: func(p Progress) {
		if p.Finished && p.Findings > 0 {
			cancel()
		}
	}}
	s, err := Hunt(ctx, []Package{pkg}, opts)
	if err == nil || s == nil {
		t.Fatalf("summary %v, err %v; want both", s, err)
	}
	if len(s.Findings) != 1 || len(s.Errors) != 0 {
		t.Errorf("%d findings, errors %v; want the confirmed one and no errors", len(s.Findings), s.Errors)
	}
	// The test after the interrupt is listed as not hunted, with no run:
	// it used to read "1 runs (1 pass)" like a hunted one.
	if len(s.Tests) != 2 || !s.Tests[0].Finished() || !s.Tests[1].NotHunted || s.Tests[1].Runs != 0 {
		t.Fatalf("tests %+v; want TestDeadlock finished and TestPass not hunted", s.Tests)
	}
	if got := s.Tests[1].String(); !strings.Contains(got, "not hunted") {
		t.Errorf("TestPass: %q", got)
	}
}

// A test whose hunt is under way when the hunt stops is marked cut short.
func TestHuntCanceledCutShort(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestPass")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := Options{Runs: 30, Parallel: 1, Env: env, WorkDir: t.TempDir(), Progress: func(p Progress) {
		if p.Done >= 3 {
			cancel()
		}
	}}
	s, err := Hunt(ctx, []Package{pkg}, opts)
	if err == nil || s == nil {
		t.Fatalf("summary %v, err %v; want both", s, err)
	}
	if st := s.Tests[0]; !st.Interrupted || st.Finished() || !strings.Contains(st.String(), "cut short") {
		t.Errorf("TestPass: %s; want it cut short", st.String())
	}
}

// A test that hangs when run plainly gets one controlled run: a test whose
// own goroutine blocks for good is a deadlock the runtime sees at once; a
// test that hangs for other reasons costs one more bound, not a budget.
func TestHuntPlainHang(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestSelfBlock", "TestHang")
	s := hunt(t, []Package{pkg}, Options{Runs: 5, Env: env, Timeout: 2 * time.Second})
	if st := s.Tests[0]; len(st.Findings) != 1 {
		t.Errorf("TestSelfBlock: %s, findings %v; want its deadlock confirmed", st.String(), st.Findings)
	}
	if st := s.Tests[1]; len(st.Findings) != 0 || st.Failure == nil || st.Failure.Outcome != Timeout {
		t.Errorf("TestHang: %s, failure %+v; want a timeout and nothing confirmed", st.String(), st.Failure)
	}
	runs := logLines(t, dir, "runs.log")
	if n := count(runs, "TestHang"); n != 2 {
		t.Errorf("TestHang ran %d times, want 2 (plain, then one controlled run)", n)
	}
	// A test killed without a snapshot still gets a hang finding.
	if f := findingOf(s, "TestHang"); f == nil || f.Kind != report.Hang || f.Snapshot == nil || f.Snapshot.Class != "killed" {
		t.Errorf("TestHang: hang finding %+v, want one of class killed", f)
	}
}

// A test whose plain run reaches its bound but passes under control is
// run plainly again with a raised bound: passing then, it is slow, not
// failing and not hung. One that hangs plainly again keeps its failure.
func TestHuntSlowPlainRun(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestSlowPlain")
	s := hunt(t, []Package{pkg}, Options{Runs: 3, Env: env, Timeout: 2 * time.Second})
	st := s.Tests[0]
	if st.Failure != nil || findingOf(s, "TestSlowPlain") != nil {
		t.Errorf("TestSlowPlain: failure %+v, finding %+v; want neither", st.Failure, findingOf(s, "TestSlowPlain"))
	}
	if !slices.ContainsFunc(st.Warnings, func(w string) bool { return strings.Contains(w, "slow, not hung") }) {
		t.Errorf("warnings %q, want the slow plain run explained", st.Warnings)
	}
	if n := count(logLines(t, dir, "runs.log"), "TestSlowPlain plain"); n != 2 {
		t.Errorf("%d plain runs, want 2", n)
	}
}

// A test that is slow everywhere (ants' TestRestCodeCoverage on a loaded
// machine): its plain run and its controlled calibration reach the bound,
// the controlled one making progress. It is hunted with a raised bound
// and run plainly again with it: passing, it is slow, not failing; its
// slow snapshot stays an observed hang.
func TestHuntSlowEverywhere(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestSlowEverywhere")
	s := hunt(t, []Package{pkg}, Options{Runs: 3, Env: env, Timeout: 2 * time.Second})
	st := s.Tests[0]
	if st.Failure != nil {
		t.Errorf("failure %+v; want none: the plain run passes with a raised bound", st.Failure)
	}
	if !slices.ContainsFunc(st.Warnings, func(w string) bool { return strings.Contains(w, "slow, not hung") }) {
		t.Errorf("warnings %q, want the slow plain run explained", st.Warnings)
	}
	if n := count(logLines(t, dir, "bounds.log"), "plain 0 8000"); n != 1 {
		t.Errorf("%d plain runs with the raised bound, want 1", n)
	}
	if g := findingOf(s, "TestSlowEverywhere"); g == nil || g.Snapshot == nil || g.Snapshot.Class != report.HangSlow {
		t.Errorf("finding %+v; want the controlled run's slow snapshot as an observed hang", g)
	}
}

// A plain run that reaches its bound with the test's goroutines all
// running is a long test, not a blocked one (bbolt's TestOpen_Size_Large
// takes 34 s under go test): the failure says so; one waiting on a
// channel is not.
func TestHuntLongPlainBusy(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestLongPlain", "TestStuckPlain")
	s := hunt(t, []Package{pkg}, Options{Runs: 2, Env: env, Timeout: 2 * time.Second})
	long, stuck := s.Tests[0].Failure, s.Tests[1].Failure
	if long == nil || !long.Outcome.Hung() || !long.Busy {
		t.Errorf("TestLongPlain: failure %+v, want a hung plain run found busy", long)
	}
	if stuck == nil || !stuck.Outcome.Hung() || stuck.Busy {
		t.Errorf("TestStuckPlain: failure %+v, want a hung plain run not busy", stuck)
	}
}

// findingOf returns the first finding of test in s, or nil.
func findingOf(s *Summary, test string) *report.Finding {
	for i := range s.Findings {
		if s.Findings[i].Test == test {
			return &s.Findings[i]
		}
	}
	return nil
}

// A test that reaches its bound in every run is hunted under control once
// and ends as a hang finding carrying the controlled run's snapshot; one
// that is merely slow under control is hunted again with a raised bound.
func TestHuntBoundSnapshots(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestSpin", "TestSlow")
	s := hunt(t, []Package{pkg}, Options{Runs: 20, Env: env, Timeout: 2 * time.Second})
	spin, slow := s.Tests[0], s.Tests[1]
	if spin.Outcomes[Hang] != 2 || spin.Runs != 2 || spin.Failure == nil || !spin.Failure.Outcome.Hung() {
		t.Errorf("TestSpin: %s, failure %+v; want two runs that reached the bound, failing plainly", spin.String(), spin.Failure)
	}
	f := findingOf(s, "TestSpin")
	if f == nil || f.Kind != report.Hang || f.Status != report.Observed || f.Snapshot == nil || f.Snapshot.Class != report.HangSpin || f.Witness == nil {
		t.Fatalf("TestSpin: finding %+v; want an observed hang with the controlled run's spin snapshot", f)
	}
	if err := f.CheckValid(); err != nil {
		t.Errorf("TestSpin: hang finding invalid: %v", err)
	}
	if slow.Failure != nil || slow.Outcomes[Pass] < 2 || slow.Outcomes[Hang] != 1 {
		t.Errorf("TestSlow: %s; want one slow run at the bound, then passing runs", slow.String())
	}
	raised := 0
	for _, l := range logLines(t, dir, "bounds.log") {
		if strings.HasSuffix(l, " 8000") {
			raised++
		}
	}
	if seeded := raised - 1; seeded < 1 || seeded > slowRuns {
		t.Errorf("TestSlow: %d runs with the raised bound of 8s, want a calibration and 1..%d seeds", raised, slowRuns)
	}
	if g := findingOf(s, "TestSlow"); g == nil || g.Snapshot == nil || g.Snapshot.Class != report.HangSlow {
		t.Errorf("TestSlow: finding %+v; want the slow snapshot kept as an observed hang", g)
	}
}

// A seeded run found slow at its bound raises the bound of the test's
// later seeded runs.
func TestHuntSlowSeedRaisesBound(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestSlowSeed")
	s := hunt(t, []Package{pkg}, Options{Runs: 8, Parallel: 1, Env: env, Timeout: 2 * time.Second})
	st := s.Tests[0]
	if st.Outcomes[Hang] != 1 {
		t.Errorf("TestSlowSeed: %s; want only seed 1 to reach the bound", st.String())
	}
	var seeds []string
	for _, l := range logLines(t, dir, "bounds.log") {
		if !strings.HasPrefix(l, "plain") && !strings.HasPrefix(l, "random 0") {
			seeds = append(seeds, l)
		}
	}
	if len(seeds) != 8 || !strings.HasSuffix(seeds[0], " 2000") || !strings.HasSuffix(seeds[1], " 8000") || !strings.HasSuffix(seeds[7], " 8000") {
		t.Errorf("seeded runs' bounds %v; want 2000 for seed 1, 8000 after", seeds)
	}
}

// huntRecorded records pkg with its plain runs left going
// (RecordOptions.Overlap), then hunts it with that recording, collecting
// the progress reported.
func huntRecorded(t *testing.T, pkg Package, env []string, runs int) (*Summary, []Progress) {
	t.Helper()
	env = append(env, "FAKE_PLAIN_MS=1500") // long enough for the hunt's runs on a loaded machine
	rec, err := Record(context.Background(), []Package{pkg}, RecordOptions{Dir: t.TempDir(), Env: env, Parallel: 2, WorkDir: t.TempDir(), Overlap: true})
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Close()
	var progress []Progress
	s := hunt(t, []Package{pkg}, Options{Runs: runs, Parallel: 2, Env: env, Recording: rec, Progress: func(p Progress) { progress = append(progress, p) }})
	return s, progress
}

// A hunt does not wait for a recorded plain run still going: its seeded
// runs are made while the plain run sleeps, and the plain run is counted
// as the hunt's first run once it ends.
func TestHuntBesidePlainRun(t *testing.T) {
	pkg, env, fdir := fakePackage(t, "TestSleepPlain")
	s, progress := huntRecorded(t, pkg, env, 5)
	lines := logLines(t, fdir, "overlap.log")
	if !before(lines, "rpro 1", "plain end") {
		t.Errorf("runs ended in the order %q; want the hunt's first seed before the plain run's end", lines)
	}
	st := s.Tests[0]
	if st.Runs != 7 || st.Seeded != 5 || st.Outcomes[Pass] != 7 || st.Failure != nil || st.Calibration.Outcome != Pass {
		t.Errorf("stats %s, calibration %+v, failure %v; want 7 passing runs (plain, calibration, 5 seeds)", st.String(), st.Calibration, st.Failure)
	}
	var plain int
	for _, p := range progress {
		if p.Run != nil && p.Run.Strategy == report.Plain {
			plain++
		}
	}
	if last := progress[len(progress)-1]; plain != 1 || last.Runs != 7 || !last.Finished {
		t.Errorf("progress told %d plain runs, %d runs in all at the end; want 1 and 7", plain, last.Runs)
	}
}

// A plain run still going holds one of the -p process slots: the hunt
// beside it makes at most one run at a time with Parallel 2.
func TestHuntBesidePlainRunParallel(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the fake counts live processes through /proc")
	}
	pkg, env, fdir := fakePackage(t, "TestSleepPlain")
	huntRecorded(t, pkg, append(env, "FAKE_LIVE=1"), 5)
	lines := logLines(t, fdir, "alive.log")
	most := 0
	for _, l := range lines {
		n, err := strconv.Atoi(l)
		if err != nil {
			t.Fatal(err)
		}
		most = max(most, n)
	}
	if most != 2 || len(lines) < 8 {
		t.Errorf("at most %d processes alive at once in %d runs, want 2 (Parallel) in 11", most, len(lines))
	}
}

// A plain run that fails after the hunt went on without it, and fails
// again made alone (alone.go), makes the test one that fails on its own,
// as if the hunt had waited: the controlled runs made meanwhile are
// dropped, and never reported.
func TestHuntBesideFailingPlainRun(t *testing.T) {
	pkg, env, fdir := fakePackage(t, "TestFailSlow")
	s, progress := huntRecorded(t, pkg, env, 5)
	if lines := logLines(t, fdir, "overlap.log"); !before(lines, "rpro 1", "plain end") {
		t.Errorf("runs %q: want seeded runs made beside the plain run", lines)
	}
	st := s.Tests[0]
	if st.Runs != 2 || st.Failure == nil || st.Failure.Outcome != Fail || st.Alone != nil || st.Seeded != 0 || len(s.Findings) != 0 {
		t.Errorf("stats %s, failure %v, %d findings; want the failing plain runs only (beside others, then alone)", st.String(), st.Failure, len(s.Findings))
	}
	for _, p := range progress {
		if p.Run != nil && p.Run.Strategy != report.Plain {
			t.Errorf("progress told of a %s run", p.Run.Strategy)
		}
	}
	if last := progress[len(progress)-1]; last.Runs != 2 {
		t.Errorf("progress counted %d runs at the end, want 2", last.Runs)
	}
}

// before reports whether lines has a and b, a first.
func before(lines []string, a, b string) bool {
	i, j := slices.Index(lines, a), slices.Index(lines, b)
	return i >= 0 && j >= 0 && i < j
}

// A speculating hunt whose calibration run reached its bound waits for
// the plain run before the long runs that follow: when the plain run
// reaches its bound too, the test's runs are those of a hunt that waited
// (none made twice).
func TestHuntBesideHungPlainRun(t *testing.T) {
	pkg, env, dir := fakePackage(t, "TestSlowEverywhere")
	env = append(env, "FAKE_PLAIN_DELAY_MS=1000")
	rec, err := Record(context.Background(), []Package{pkg}, RecordOptions{Dir: t.TempDir(), Env: env, Parallel: 2, WorkDir: t.TempDir(), Timeout: 2 * time.Second, Overlap: true})
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Close()
	if rec.plainRun(pkg.ImportPath, "TestSlowEverywhere").ready() {
		t.Fatal("the plain run ended with the recording: nothing to speculate on")
	}
	s := hunt(t, []Package{pkg}, Options{Runs: 3, Parallel: 2, Env: env, Timeout: 2 * time.Second, Recording: rec})
	want := []string{"plain 0 2000", "random 0 2000", "random 0 8000", "rpro 1 8000", "rpro 2 8000", "rpro 3 8000", "plain 0 8000"}
	got := logLines(t, dir, "bounds.log")
	if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))) {
		t.Errorf("runs (strategy, seed, bound) %q; want %q, each once", got, want)
	}
	if st := s.Tests[0]; st.Failure != nil || !slices.ContainsFunc(st.Warnings, func(w string) bool { return strings.Contains(w, "slow, not hung") }) {
		t.Errorf("failure %+v, warnings %q; want the slow plain run explained", st.Failure, st.Warnings)
	}
}

// A recorded run that deadlocked is the hunt's next run after the
// calibration, as the calibration run is: TestRecorded deadlocks only on
// the recording's random seed 2, which no seed of the hunt's strategy
// reaches; its witness is that run, replayed to confirm it.
func TestHuntCountsRecordedDeadlocks(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestRecorded")
	rec, _ := record(t, pkg, env)
	if n := rec.Tests[0].Outcomes[Deadlock]; n != 1 {
		t.Fatalf("the recording deadlocked %d times, want once", n)
	}
	s := hunt(t, []Package{pkg}, Options{Runs: 3, Parallel: 1, Env: env, Recording: rec})
	st := s.Tests[0]
	if len(st.Findings) != 1 || st.ConfirmedAt != 3 || st.Runs != 3 {
		t.Fatalf("findings %v, confirmed at run %d of %d; want one, at run 3 (plain, calibration, the recorded run) of 3", st.Findings, st.ConfirmedAt, st.Runs)
	}
	if w := s.Findings[0].Witness; w == nil || w.Strategy != "random" || w.Seed != 2 {
		t.Errorf("witness %+v, want the recording's random seed 2", w)
	}
}

// A hunt that confirmed a deadlock does not wait for its plain run still
// going (TestSelfBlock hangs plainly, deadlocks at once under control):
// the run is stopped, counted with no outcome, and the test's line says
// so. With KeepGoing the hunt waits for it (its bound: a timeout) and
// counts it with its outcome.
func TestHuntCutsPlainRunOnceConfirmed(t *testing.T) {
	for _, keep := range []bool{false, true} {
		pkg, env, _ := fakePackage(t, "TestSelfBlock")
		rec, err := Record(context.Background(), []Package{pkg}, RecordOptions{Dir: t.TempDir(), Env: env, Parallel: 2, WorkDir: t.TempDir(), Timeout: 3 * time.Second, Overlap: true})
		if err != nil {
			t.Fatal(err)
		}
		if rec.plainRun(pkg.ImportPath, "TestSelfBlock").ready() {
			t.Fatal("the plain run ended with the recording: nothing to cut")
		}
		s := hunt(t, []Package{pkg}, Options{Runs: 3, Parallel: 2, Env: env, Timeout: 3 * time.Second, Recording: rec, KeepGoing: keep})
		rec.Close()
		st := s.Tests[0]
		outcomes := 0
		for _, n := range st.Outcomes {
			outcomes += n
		}
		said := strings.Contains(st.String(), "1 plain run not waited for")
		uncounted := 1 // the cut plain run has no outcome
		if keep {
			uncounted = 0
		}
		if len(st.Findings) != 1 || st.PlainCut == keep || said == keep || outcomes != st.Runs-uncounted || !keep && st.Runs != 2 {
			t.Errorf("keep going %v: %s (plain run cut %v); want one confirmed, the plain run cut and not waited for %v (then in 2 runs)", keep, st.String(), st.PlainCut, !keep)
		}
	}
}

// A test that fails on its own is not hunted, but it is run once under
// control and the deadlocks that run and its recorded runs hit are
// confirmed: its failure may be the deadlock's symptom
// (TestFailOnDeadlock: its watchdog fails the plain run; every controlled
// run deadlocks). Nothing more is run for it.
func TestHuntConfirmsRecordedDeadlocksOfFailingTest(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestFailOnDeadlock")
	rec, _ := record(t, pkg, env)
	s := hunt(t, []Package{pkg}, Options{Runs: 3, Parallel: 1, Env: env, Recording: rec})
	st := s.Tests[0]
	if st.Failure == nil || st.Failure.Outcome != Fail || len(st.Findings) != 1 || st.Seeded != 0 {
		t.Errorf("%s, failure %+v; want the plain run's failure, the recorded deadlock confirmed and no seeded run", st.String(), st.Failure)
	}
}
