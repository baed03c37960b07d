package hunt

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/suppress"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// A deadlocking test is confirmed (the fake deadlocks at seed 3, its
// replay too); the report is saved to -o and .deadhunt/last.json, its
// witness replayed from the first.
func TestConfirmDeadlock(t *testing.T) {
	cfg, _, o := fakeConfig(t, "TestDeadlock", "TestPass")
	cfg.Out = "out.json"
	res := confirm(t, cfg)
	if res.Verdict != Deadlock {
		t.Errorf("verdict %v, want Deadlock", res.Verdict)
	}
	fs := res.Report.Findings
	if len(fs) != 1 || fs[0].Status != report.Confirmed || fs[0].Test != "TestDeadlock" {
		t.Fatalf("findings %v, want TestDeadlock's confirmed", fs)
	}
	if want := "deadhunt replay out.json --finding " + fs[0].ID; fs[0].Witness.Replay != want {
		t.Errorf("replay command %q, want %q", fs[0].Witness.Replay, want)
	}
	for _, s := range []string{"example.com/fake TestPass: 12 runs (12 pass)", "example.com/fake TestDeadlock: 5 runs (1 deadlock, 4 pass), 1 confirmed"} {
		if !strings.Contains(testLines(res.Summary), s) {
			t.Errorf("tests do not say %q:\n%s", s, testLines(res.Summary))
		}
	}
	if !slices.Equal(res.Saved, []string{"out.json", filepath.Join(".deadhunt", "last.json")}) {
		t.Errorf("saved %q", res.Saved)
	}
	for _, name := range res.Saved {
		if rep, err := report.ReadFile(filepath.Join(cfg.Dir, name)); err != nil || len(rep.Findings) != 1 || rep.Findings[0].ID != fs[0].ID {
			t.Errorf("%s: %v", name, err)
		}
	}
	if gi, err := os.ReadFile(filepath.Join(cfg.Dir, ".deadhunt", ".gitignore")); err != nil || string(gi) != "*\n" {
		t.Errorf(".deadhunt/.gitignore: %q, %v", gi, err)
	}
	if !o.staged("building ./...") || !o.staged("built the tests of 1 package(s)") {
		t.Errorf("stages %q", o.stages)
	}
	if i := slices.IndexFunc(o.finished, func(p driver.Progress) bool { return p.Test == "TestDeadlock" }); i < 0 || o.finished[i].Done != 5 || o.finished[i].Packages != 1 {
		t.Errorf("progress of finished tests %+v, want TestDeadlock's 5 runs in 1 package", o.finished)
	}
}

// Tests that fail on their own are reported with their output, and do
// make the run incomplete, as go test fails (issue #15).
func TestConfirmNothing(t *testing.T) {
	cfg, _, _ := fakeConfig(t, "TestPass", "TestFail")
	cfg.Runs = 3
	res := confirm(t, cfg)
	if res.Verdict != Incomplete || len(res.Report.Findings) != 0 {
		t.Errorf("verdict %v, findings %v; want Incomplete and none", res.Verdict, res.Report.Findings)
	}
	runs := 0
	for _, st := range res.Summary.Tests {
		runs += st.Runs
	}
	if runs != 8 || len(res.Summary.Tests) != 2 { // TestFail's plain run in a copy of its directory, then in place, then once under control
		t.Errorf("%d runs of %d tests, want 8 of 2", runs, len(res.Summary.Tests))
	}
	errs := res.Report.Errors
	if len(errs) != 1 || errs[0].Test != "TestFail" || !strings.Contains(errs[0].Err, "test ends with fail") || !strings.Contains(errs[0].Err, "wrong answer") {
		t.Errorf("errors %v, want TestFail's with its output", errs)
	}
}

// A test that fails on its own because of a deadlock (its watchdog) is
// run once under control: the deadlock is confirmed, and its error says
// the failure may be that deadlock.
func TestConfirmFailingTestsDeadlock(t *testing.T) {
	cfg, _, _ := fakeConfig(t, "TestFailOnDeadlock")
	res := confirm(t, cfg)
	errs := res.Report.Errors
	if res.Verdict != Deadlock || len(res.Report.Findings) != 1 || len(errs) != 1 ||
		!strings.Contains(errs[0].Err, "its run under control confirmed "+res.Report.Findings[0].ID) {
		t.Errorf("verdict %v, %d findings, errors %v; want the deadlock confirmed and named in the test's error", res.Verdict, len(res.Report.Findings), errs)
	}
}

// -keep-going runs the whole budget and counts the hits.
func TestConfirmKeepGoing(t *testing.T) {
	cfg, _, _ := fakeConfig(t, "TestDeadlock")
	cfg.Runs, cfg.KeepGoing = 5, true
	res := confirm(t, cfg)
	if fs := res.Report.Findings; len(fs) != 1 || fs[0].Witness.Runs != 7 {
		t.Errorf("findings %+v, want one with 7 runs (keep going)", fs)
	}
}

// A package that does not build makes the run incomplete.
func TestConfirmBuildError(t *testing.T) {
	cfg, b, _ := fakeConfig(t, "TestPass")
	b.Errors = []report.PackageError{{Package: "example.com/broken", Err: "x.go:1:1: syntax error"}}
	cfg.Runs = 1
	res := confirm(t, cfg)
	if res.Verdict != Incomplete || len(res.Report.Errors) != 1 || res.Report.Errors[0].Error() != "example.com/broken: x.go:1:1: syntax error" {
		t.Errorf("verdict %v, errors %v; want Incomplete naming the broken package", res.Verdict, res.Report.Errors)
	}
}

// The instrumenter's warnings go to the observer.
func TestConfirmWarnings(t *testing.T) {
	cfg, b, o := fakeConfig(t, "TestPass")
	b.Warnings = []string{"example.com/fake: f.go:3:4: method expression (*T).Lock not instrumented"}
	cfg.Runs = 1
	confirm(t, cfg)
	if !slices.Equal(o.warnings, b.Warnings) {
		t.Errorf("warnings %q, want %q", o.warnings, b.Warnings)
	}
}

// Packages without tests are listed apart.
func TestConfirmUntested(t *testing.T) {
	cfg, b, _ := fakeConfig(t, "TestPass")
	b.Untested = []string{"example.com/fake/notests"}
	cfg.Runs = 1
	res := confirm(t, cfg)
	if !slices.Equal(res.Untested, b.Untested) || res.Verdict != NoDeadlock {
		t.Errorf("untested %q, verdict %v", res.Untested, res.Verdict)
	}
}

func TestConfirmNoModule(t *testing.T) {
	cfg, b, _ := fakeConfig(t, "TestPass")
	cfg.Dir = t.TempDir()
	res, err := Confirm(t.Context(), cfg, []string{"./..."})
	if res != nil || err == nil || !strings.Contains(err.Error(), "no go.mod") || b.Calls() != 0 {
		t.Errorf("result %v, error %v, %d build(s); want no go.mod and nothing built", res, err, b.Calls())
	}
}

// The full pipeline on the fake: recorded traces predict TestAimed's a-b
// cycle and TestAimedMiss's c-d cycle; directed runs confirm the first
// (the fake deadlocks only when aimed); the second is listed unconfirmed
// with the runs tried and its miss bound, and marked ignored from the
// suppression file; a static finding on locks no test touched is
// predicted-static.
func TestConfirmPipeline(t *testing.T) {
	cfg, _, o := fakeConfig(t, "TestAimed", "TestAimedMiss")
	cfg.Runs, cfg.Static = 4, hunttest.Static(hunttest.Cycle("x", "y"))
	miss := hunttest.Cycle("c", "d")
	set, err := suppress.Load(cfg.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Add(miss.ID, "known, harmless"); err != nil {
		t.Fatal(err)
	}
	res := confirm(t, cfg)
	if res.Verdict != Deadlock {
		t.Errorf("verdict %v, want Deadlock", res.Verdict)
	}
	byStatus := map[report.Status][]report.Finding{}
	for _, f := range res.Report.Findings {
		byStatus[f.Status] = append(byStatus[f.Status], f)
	}
	if fs := byStatus[report.Confirmed]; len(fs) != 1 || fs[0].Witness.Strategy != report.Directed || fs[0].Classes()[0] != "(*fake.T).a" || !slices.Contains(fs[0].Evidence, report.Dynamic) {
		t.Errorf("confirmed %v, want the a-b cycle by directed", fs)
	}
	un := byStatus[report.Unconfirmed]
	if len(un) != 1 || un[0].ID != miss.ID || un[0].Search == nil || un[0].Search.Strategy != report.Directed || un[0].Search.Runs != 4 {
		t.Fatalf("unconfirmed %+v, want the c-d cycle with 4 directed runs", un)
	}
	if s := un[0].Search; s.MissBound <= 0 || s.MissBound >= 1 || un[0].Ignored == nil || un[0].Ignored.Reason != "known, harmless" {
		t.Errorf("unconfirmed search %+v, ignored %+v", *s, un[0].Ignored)
	}
	if st := byStatus[report.PredictedStatic]; len(st) != 1 || st[0].Classes()[0] != "(*fake.T).x" {
		t.Errorf("predicted-static %v, want the x-y cycle", st)
	}
	if !o.staged("recorded 10 trace(s) of 2 test(s); 3 prediction(s)") || !o.staged("running the static analyzer (lockcycle)") {
		t.Errorf("stages lack the static analyzer or the recording summary: %q", o.stages)
	}
}

// Ignoring the only confirmed finding makes the verdict NoDeadlock.
func TestConfirmIgnored(t *testing.T) {
	cfg, _, _ := fakeConfig(t, "TestAimed")
	cfg.Runs = 4
	set, err := suppress.Load(cfg.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Add(hunttest.Cycle("a", "b").ID, "fixed upstream"); err != nil {
		t.Fatal(err)
	}
	res := confirm(t, cfg)
	fs := res.Report.Findings
	if res.Verdict != NoDeadlock || len(fs) != 1 || fs[0].Status != report.Confirmed || fs[0].Ignored == nil {
		t.Errorf("verdict %v, findings %v; want NoDeadlock with the confirmed finding ignored", res.Verdict, fs)
	}
}

// NoPredict hunts with the strategy alone, which never hits the fake's
// aimed deadlock, and records nothing.
func TestConfirmNoPredict(t *testing.T) {
	cfg, _, o := fakeConfig(t, "TestAimed")
	cfg.Runs, cfg.NoPredict = 4, true
	res := confirm(t, cfg)
	if res.Verdict != NoDeadlock || len(res.Report.Findings) != 0 || o.staged("recording") {
		t.Errorf("verdict %v, findings %v, stages %q; want nothing recorded or confirmed", res.Verdict, res.Report.Findings, o.stages)
	}
	if _, err := os.Stat(filepath.Join(cfg.Dir, ".deadhunt", "traces")); !os.IsNotExist(err) {
		t.Errorf("traces directory: %v, want none", err)
	}
}

// A static analyzer that cannot analyse the code (built with an older Go)
// is skipped with the reason; the hunt goes on, and it is no error.
func TestConfirmStaticSkipped(t *testing.T) {
	cfg, _, o := fakeConfig(t, "TestAimed")
	cfg.Runs = 2
	cfg.Static = func(context.Context, string, ...string) (*report.Report, error) {
		return nil, skipErr{}
	}
	res := confirm(t, cfg)
	if len(res.Report.Errors) != 0 || !o.staged("static analyzer skipped: built with an older Go") {
		t.Errorf("errors %v, stages %q", res.Report.Errors, o.stages)
	}
}

type skipErr struct{}

func (skipErr) Error() string { return "built with an older Go" }
func (skipErr) Skip() bool    { return true }
