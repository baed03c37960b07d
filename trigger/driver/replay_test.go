package driver

import (
	"context"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

func TestReplay(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestDeadlock", "TestUnstable")
	s := hunt(t, []Package{pkg}, Options{Runs: 3, Parallel: 1, Env: env, Run: nil})
	if len(s.Findings) != 1 {
		t.Fatalf("%d findings, want 1", len(s.Findings))
	}
	built := 0
	opts := ReplayOptions{Env: env, WorkDir: t.TempDir(), Build: func(_ context.Context, path string) (*Package, error) {
		if path != pkg.ImportPath {
			t.Errorf("build %s, want %s", path, pkg.ImportPath)
		}
		built++
		return &pkg, nil
	}}
	f := s.Findings[0]
	res, err := Replay(context.Background(), &f, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Reproduced || res.ID != f.ID || built != 1 {
		t.Errorf("replay %+v (built %d times), want the same deadlock", res, built)
	}

	// The same witness on a test whose replays diverge.
	f.Witness.Test = "TestUnstable"
	res, err = Replay(context.Background(), &f, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Reproduced || !strings.Contains(res.Divergence, "diverged at step 2") {
		t.Errorf("replay %+v, want a divergence", res)
	}
}

func TestReplayNeedsWitness(t *testing.T) {
	f := &report.Finding{ID: "DH-x"}
	if _, err := Replay(context.Background(), f, ReplayOptions{}); err == nil || !strings.Contains(err.Error(), "no witness") {
		t.Errorf("err %v, want no witness", err)
	}
}

func TestReplayResultString(t *testing.T) {
	for _, c := range []struct {
		r    ReplayResult
		want string
	}{
		{ReplayResult{Reproduced: true, Outcome: Deadlock, ID: "DH-1"}, "deadlocked again the same way"},
		{ReplayResult{Outcome: Deadlock, ID: "DH-2"}, "deadlocked differently (DH-2)"},
		{ReplayResult{Outcome: Pass, Divergence: "replay diverged at step 2"}, "diverged from the witness (replay diverged at step 2), then did not deadlock (pass)"},
		{ReplayResult{Outcome: Deadlock, ID: "DH-1", Divergence: "replay: diverged at step 1"}, "diverged from the witness (replay: diverged at step 1), then deadlocked (DH-1): not a reproduction"},
		{ReplayResult{Outcome: Timeout}, "did not deadlock (timeout)"},
	} {
		if got := c.r.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

// A replay that ends badly says its last line of output: why the hunt
// could not reproduce a deadlock.
func TestReplayWhyTail(t *testing.T) {
	r := ReplayResult{Outcome: Exit, Tail: "=== RUN   TestX\ndeadhunt: rt: trace: open /x.trace: no such file or directory\n"}
	if got, want := r.why(), "replay ended with outcome exit: deadhunt: rt: trace: open /x.trace: no such file or directory"; got != want {
		t.Errorf("why %q, want %q", got, want)
	}
	if r := (ReplayResult{Outcome: Pass, Tail: "PASS\n"}); r.why() != "replay ended with outcome pass" {
		t.Errorf("a passing replay: %q", r.why())
	}
}

func TestRecordingString(t *testing.T) {
	rec := &Recording{Tests: []RecordedTest{
		{Package: "p", Test: "TestA", Traces: []string{"a", "b"}, Outcomes: map[Outcome]int{Pass: 3}},
		{Package: "p", Test: "TestB", Outcomes: map[Outcome]int{Fail: 1, Timeout: 2}},
	}}
	if got := rec.String(); got != "recorded 2 trace(s) of 2 test(s)" {
		t.Errorf("recording %q", got)
	}
	if got := rec.Tests[1].String(); got != "p TestB: 0 trace(s), 1 run(s) fail, 2 run(s) timeout" {
		t.Errorf("test %q", got)
	}
}

// TestReplayDiverged: a replay that leaves the witness's schedule at step 1
// and then deadlocks the same way at random is no reproduction, neither in
// the hunt (nothing confirmed) nor in Replay; and no output names a file
// of the run directories, which are gone.
func TestReplayDiverged(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestDiverge")
	s := hunt(t, []Package{pkg}, Options{Runs: 3, Parallel: 1, Env: env})
	if len(s.Findings) != 0 || s.Tests[0].Unreproduced == 0 {
		t.Fatalf("a diverging replay confirmed %d finding(s) (%d unreproduced)", len(s.Findings), s.Tests[0].Unreproduced)
	}
	if w := strings.Join(s.Tests[0].Warnings, "\n"); !strings.Contains(w, "diverged at step 1") {
		t.Errorf("warnings do not name the divergence: %s", w)
	}
	f := report.Finding{ID: "DH-x", Witness: &report.Witness{Strategy: report.Random, Seed: 3, Package: pkg.ImportPath, Test: "TestDiverge",
		Schedule: []report.Step{{Goroutine: 1, Site: "a"}, {Goroutine: 2, Site: "b"}}}}
	f.ID = findingID(pkg.ImportPath, &wire.Deadlock{Kind: report.LockOrderCycle, Locks: []report.Lock{{Class: "(*fake.T).a"}, {Class: "(*fake.T).b"}}})
	work := t.TempDir()
	res, err := Replay(context.Background(), &f, ReplayOptions{Env: env, WorkDir: work, Build: func(context.Context, string) (*Package, error) { return &pkg, nil }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Reproduced || res.ID != f.ID || strings.Contains(res.String(), "same way") || !strings.Contains(res.String(), "diverged at step 1") {
		t.Errorf("replay %+v: %q", res, res)
	}
	if strings.Contains(res.Tail, work) || strings.Contains(res.Tail, "result and schedule") {
		t.Errorf("the output names a file of a removed run directory:\n%s", res.Tail)
	}
}

// TestReplayRefuses: a witness whose strategy no hunt uses, and a stale
// witness (its fingerprint is not the build's), are refused with the
// reason, before anything runs.
func TestReplayRefuses(t *testing.T) {
	pkg := Package{ImportPath: "example.com/p", Binary: "/nonexistent", Tests: []string{"TestX"}, Fingerprint: "1111"}
	build := func(context.Context, string) (*Package, error) { return &pkg, nil }
	for _, c := range []struct {
		w    report.Witness
		want string
	}{
		{report.Witness{Strategy: report.Plain, Package: "example.com/p", Test: "TestX"}, `strategy "plain" is not one a hunt uses`},
		{report.Witness{Strategy: report.RPro, Package: "example.com/p", Test: "TestX", Fingerprint: "2222"}, "stale witness: the test binary of example.com/p is not the one that recorded it (fingerprint 2222, now 1111)"},
	} {
		f := report.Finding{ID: "DH-x", Witness: &c.w}
		if _, err := Replay(context.Background(), &f, ReplayOptions{Build: build}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err %v, want %q", err, c.want)
		}
	}
}

// TestArgs: Options.Args reach the test binary after its own flags, as go
// test's -args do, and the witness keeps them for replay.
func TestArgs(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestArgs")
	s := hunt(t, []Package{pkg}, Options{Runs: 2, Parallel: 1, Env: env})
	if st := s.Tests[0]; st.Failure == nil {
		t.Errorf("TestArgs passed without -level=3: %s", st.String())
	}
	s = hunt(t, []Package{pkg}, Options{Runs: 2, Parallel: 1, Env: env, Args: []string{"-level=3"}})
	if st := s.Tests[0]; st.Failure != nil || st.Outcomes[Pass] != st.Runs {
		t.Errorf("TestArgs with -level=3: %s", st.String())
	}
}
