package hunt

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// TestStopReasons confirms testdata/interleave with the real
// instrumenter, runtime and driver, with and without the recording: a
// test without goroutines and one whose goroutines share nothing stop
// after one controlled run ("no interleaving", no seeded run); two
// goroutines taking one mutex twice each stop once the runs showed the
// 4!/(2!·2!) = 6 orderings of their critical sections, before the budget.
// The report and the text say why each test stopped.
func TestStopReasons(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH: the test builds instrumented test binaries")
	}
	for _, noPredict := range []bool{false, true} {
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "interleave"))); err != nil {
			t.Fatal(err)
		}
		cfg := Config{Dir: dir, Runs: 100, NoPredict: noPredict}
		res, err := bounded(t, func(ctx context.Context) (*Result, error) { return Confirm(ctx, cfg, []string{"./..."}) })
		if err != nil {
			t.Fatal(err)
		}
		stops := map[string]driver.TestStats{}
		for _, st := range res.Summary.Tests {
			stops[st.Test] = st
		}
		for _, name := range []string{"TestAlone", "TestShareNothing"} {
			if st := stops[name]; st.Stop != driver.StopNoInterleaving || st.Seeded != 0 || st.Runs != 2 {
				t.Errorf("no predict %v: %s", noPredict, st.String())
			}
		}
		if st := stops["TestOneMutexTwice"]; st.Stop != driver.StopExhausted || st.Orderings != 6 || st.Seeded >= 100 {
			t.Errorf("no predict %v: %s; want all 6 orderings explored before the budget", noPredict, st.String())
		}
		if got := len(res.Report.Tests); got != 3 {
			t.Errorf("report has %d test stops, want 3", got)
		}
		for _, ts := range res.Report.Tests {
			if ts.Stop != string(stops[ts.Test].Stop) {
				t.Errorf("report: %s stopped %q, summary %q", ts.Test, ts.Stop, stops[ts.Test].Stop)
			}
		}
		var out strings.Builder
		if err := res.WriteText(&out, false); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"TestOneMutexTwice: ", "explored all 6 orderings", "why the hunts stopped: 2 no interleaving, 1 exhausted"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("text lacks %q:\n%s", want, out.String())
			}
		}
	}
}

// A test whose plain run reached its bound busy (every goroutine of it
// running) is reported as long, with the flag that raises the bound; one
// whose plain run was blocked, as hanging.
func TestTestFailuresBusy(t *testing.T) {
	sum := &driver.Summary{Tests: []driver.TestStats{
		{Package: "p", Test: "TestLong", Failure: &driver.Failure{Outcome: driver.Timeout, Busy: true}},
		{Package: "p", Test: "TestStuck", Failure: &driver.Failure{Outcome: driver.Timeout}},
	}}
	errs := testFailures(sum, Hints{Timeout: "-timeout"})
	if len(errs) != 2 || !strings.Contains(errs[0].Err, "still busy") || !strings.Contains(errs[0].Err, "-timeout") ||
		!strings.Contains(errs[1].Err, "(it hangs)") {
		t.Errorf("errors %+v; want TestLong busy (with -timeout), TestStuck hanging", errs)
	}
}

// Tests whose orderings cannot be counted (a timer fired) end on the
// evidence of their runs: one whose seeds repeat one ordering settles
// after 30 of its 40 seeds, one whose seeds all show new orderings
// spends its budget, 30 runs where 40 would promise nothing either;
// neither line shows a miss bound near 1 as a number (once "budget spent
// (41 orderings seen, miss bound 0.99)"), the report keeps the estimate
// and reads back valid.
func TestStopTextEstimate(t *testing.T) {
	cfg, _, _ := fakeConfig(t, "TestTimerSame", "TestTimerNew")
	cfg.Runs = 40
	res := confirm(t, cfg)
	text, back := textAndReport(t, res)
	for _, want := range []string{
		"TestTimerSame: 32 runs (32 pass); settled: a next run shows a new ordering with p≈0 (Good–Turing over 30 runs: no ordering seen once)",
		"TestTimerNew: 32 runs (32 pass); budget spent (31 orderings seen, no guarantee, nor in 40 runs; a next run shows a new ordering with p≈1 (Good–Turing over 30 runs: 30 orderings seen once))",
		"why the hunts stopped: 1 settled (a next run new with p≈0 at most, by Good–Turing), 1 budget spent (no guarantee)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "miss bound") {
		t.Errorf("text shows a miss bound:\n%s", text)
	}
	stops := map[string]report.TestRun{}
	for _, tr := range back.Tests {
		stops[tr.Test] = tr
	}
	if s := stops["TestTimerSame"]; s.Stop != "settled" || s.UnseenRuns != 30 || s.Unseen != 0 {
		t.Errorf("report: %+v; want settled, estimate 0 over 30 runs", s)
	}
	if s := stops["TestTimerNew"]; s.Stop != "budget spent" || s.UnseenRuns != 30 || s.Unseen != 1 || !report.NoGuarantee(s.MissBound) {
		t.Errorf("report: %+v; want budget spent, estimate 1 over 30 runs", s)
	}
}

// textAndReport is a hunt's text and its report written and read back.
func textAndReport(t *testing.T, res *Result) (string, *report.Report) {
	t.Helper()
	var out strings.Builder
	if err := res.WriteText(&out, false); err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := res.Report.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := report.Read(strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), back
}

// A test whose budget promises nothing settles on kinds of orderings,
// and one with one goroutine on the kinds of its draws; the summary line
// says how many did which, and the report reads back the estimate (and
// that the test had one goroutine).
func TestStopTextKinds(t *testing.T) {
	for _, c := range []struct {
		test  string
		wants []string
		ok    func(report.TestRun) bool
	}{
		{"TestManyKinds", []string{
			"TestManyKinds: 7 runs (7 pass); settled: 6 orderings seen, no guarantee, nor in 100 runs; a next run shows a new kind of ordering (by code site) with p≈0 (Good–Turing over 10 runs (5 seeded, 1 before them, 4 the recording made): none of 3 kinds seen in one run only)",
			"why the hunts stopped: 1 settled (a next run new with p≈0 at most, by Good–Turing; 1 of them with no guarantee, over kinds of orderings)",
		}, func(r report.TestRun) bool {
			return r.UnseenKinds == 3 && r.UnseenRuns == 10 && r.UnseenBefore == 5 && !r.OneGoroutine
		}},
		{"TestOneDraws", []string{
			"TestOneDraws: 7 runs (7 pass); settled: one goroutine, no interleaving; 6 of 131072 combinations of its draws seen",
			"why the hunts stopped: 1 settled (a next run new with p≈0 at most, by Good–Turing; 1 of them with one goroutine, over kinds of draws)",
		}, func(r report.TestRun) bool { return r.UnseenKinds == 4 && r.UnseenBefore == 5 && r.OneGoroutine }},
	} {
		cfg, _, _ := fakeConfig(t, c.test)
		cfg.Runs = 100
		text, back := textAndReport(t, confirm(t, cfg))
		for _, want := range c.wants {
			if !strings.Contains(text, want) {
				t.Errorf("text lacks %q:\n%s", want, text)
			}
		}
		if len(back.Tests) != 1 || !c.ok(back.Tests[0]) {
			t.Errorf("%s: report tests %+v", c.test, back.Tests)
		}
	}
}

// -for: a test its time cut short counts as done (its line says what it
// got); one it left unstarted makes the report partial, with the cause.
func TestInterruptionTimeUp(t *testing.T) {
	sum := &driver.Summary{Tests: []driver.TestStats{
		{Package: "p", Test: "TestA", Runs: 12, Stop: driver.StopTime},
		{Package: "p", Test: "TestB", Stop: driver.StopTime},
		{Package: "p", Test: "TestC", Runs: 3, Stop: driver.StopConfirmed},
	}}
	in := interruption(context.Background(), sum)
	if in == nil || in.Cause != "-for time limit" || in.Done != 2 || len(in.NotHunted) != 1 || in.NotHunted[0].Test != "TestB" || len(in.CutShort) != 0 {
		t.Fatalf("interruption %+v; want TestB not hunted for the -for time limit", in)
	}
	sum.Tests = sum.Tests[:1]
	if in := interruption(context.Background(), sum); in != nil {
		t.Errorf("every test started: interruption %+v, want none", in)
	}
}

// The summary counts the tests whose line names a draw their runs could
// not cover: those whose stop would otherwise claim coverage (no
// interleaving, explored all), not a budget spent or a settled test,
// whose lines claim none and do not name it.
func TestStopsLineUnexplored(t *testing.T) {
	draw := "a crypto/rand draw at x.go:9:18"
	sum := &driver.Summary{Tests: []driver.TestStats{
		{Test: "A", Stop: driver.StopNoInterleaving, Unexplored: draw},
		{Test: "B", Stop: driver.StopBudget, Unexplored: draw, MissBound: 1},
		{Test: "C", Stop: driver.StopExhausted, Unexplored: draw, Orderings: 2},
	}}
	line := stopsLine(sum)
	if !strings.Contains(line, "2 with a draw their runs could not cover (named on the test's line)") {
		t.Errorf("%q: want the two tests whose lines name the draw counted", line)
	}
	for _, st := range sum.Tests {
		if named := strings.Contains(st.StopText(), draw); named != (st.Stop != driver.StopBudget) {
			t.Errorf("%s: %q names the draw %v", st.Test, st.StopText(), named)
		}
	}
}
