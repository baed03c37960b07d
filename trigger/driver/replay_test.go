package driver

import (
	"context"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
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
		{ReplayResult{Outcome: Pass, Divergence: "replay diverged at step 2"}, "did not deadlock (pass): replay diverged at step 2"},
		{ReplayResult{Outcome: Timeout}, "did not deadlock (timeout)"},
	} {
		if got := c.r.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
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
