package hunt

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// Issue #15's trust checks: what a run could not do is said, and the last
// good report is never lost.

// canceling cancels its context when the first test's hunt finishes.
type canceling struct {
	*observed
	cancel context.CancelFunc
}

func (c canceling) Run(p driver.Progress) {
	c.observed.Run(p)
	if p.Finished {
		c.cancel()
	}
}

// An interrupted hunt says so: the report is marked interrupted, with the
// tests not hunted listed, the verdict is incomplete, and review opens the
// last complete report rather than the partial one.
func TestConfirmInterrupted(t *testing.T) {
	cfg, _, o := fakeConfig(t, "TestPass", "TestFlaky", "TestAimedMiss")
	cfg.Runs = 2
	confirm(t, cfg) // a complete report first
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	cfg.Observer = canceling{o, cancel}
	res, err := Confirm(ctx, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	in := res.Report.Interrupted
	if in == nil || in.Done != 1 || in.Total != 3 || len(in.NotHunted) != 2 || in.Cause != "interrupt" {
		t.Fatalf("interrupted %+v, want 1 of 3 done, 2 not hunted", in)
	}
	if res.Verdict != Incomplete {
		t.Errorf("verdict %v, want Incomplete", res.Verdict)
	}
	var out bytes.Buffer
	if err := res.WriteText(&out, false); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"interrupted after 1 of 3 tests (interrupt): no deadlock confirmed", "TestFlaky: not hunted",
		"not hunted: example.com/fake TestAimedMiss", "exit status 1: the hunt was stopped (interrupt) after 1 of 3 tests"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, out.String())
		}
	}
	saved, err := report.ReadFile(filepath.Join(cfg.Dir, driver.DefaultReportPath))
	if err != nil || saved.Interrupted == nil {
		t.Fatalf("last.json: %v, interrupted %v; want the partial report, marked", err, saved)
	}
	_, path, note, err := ReportPath(cfg.Dir, "")
	if err != nil || !strings.HasPrefix(path, filepath.Join(".deadhunt", "history")) || !strings.Contains(note, "stopped") {
		t.Errorf("review opens %q (%q, %v), want the last complete report of the history", path, note, err)
	}
	if rep, err := report.ReadFile(filepath.Join(cfg.Dir, path)); err != nil || rep.Interrupted != nil {
		t.Errorf("%s: %v, %+v", path, err, rep)
	}
}

// A run that hunts nothing (a typo in -run, a path that does not build)
// never replaces the last report; the previous reports stay in the
// history.
func TestConfirmKeepsLastReport(t *testing.T) {
	cfg, _, _ := fakeConfig(t, "TestDeadlock")
	confirm(t, cfg)
	last := filepath.Join(cfg.Dir, driver.DefaultReportPath)
	before, err := os.ReadFile(last)
	if err != nil {
		t.Fatal(err)
	}
	typo := cfg
	typo.Run = "TestNoSuchTest"
	res := confirm(t, typo)
	if len(res.Saved) != 0 || !strings.Contains(res.Unsaved, "was not replaced") {
		t.Errorf("saved %q, unsaved %q; want nothing saved", res.Saved, res.Unsaved)
	}
	broken := cfg
	broken.Build = func(context.Context, driver.BuildOptions) (*driver.Built, error) {
		return &driver.Built{Paths: []string{"./nosuchdir"}, Errors: []report.PackageError{{Package: "./nosuchdir", Err: "no such directory: /x/nosuchdir"}}}, nil
	}
	o := &observed{}
	broken.Observer = o
	if res, err := Confirm(t.Context(), broken, []string{"./nosuchdir"}); res != nil || err == nil || err.Error() != "nothing to hunt: ./nosuchdir: no such directory: /x/nosuchdir" {
		t.Errorf("result %v, err %v; want no result and the error once", res, err)
	}
	if o.staged("recording") {
		t.Errorf("the run went on after nothing built: %q", o.stages)
	}
	if after, _ := os.ReadFile(last); !bytes.Equal(after, before) {
		t.Errorf("last.json replaced by a run that hunted nothing:\n%s", after)
	}
	if hist := history(cfg.Dir); len(hist) != 1 {
		t.Errorf("history %q, want the one report hunted", hist)
	}
}

// The history keeps the newest reports only.
func TestHistoryBounded(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(historyDir(root), 0o755)
	for i := range historyKeep + 5 {
		os.WriteFile(filepath.Join(historyDir(root), fmt.Sprintf("2026-01-01T00-00-%02d.000000000Z.json", i)), []byte("{}"), 0o644)
	}
	if err := pruneHistory(root); err != nil {
		t.Fatal(err)
	}
	hist := history(root)
	if len(hist) != historyKeep || !strings.HasSuffix(hist[0], "00-00-05.000000000Z.json") {
		t.Errorf("history %d files from %s, want the newest %d", len(hist), hist[0], historyKeep)
	}
}

// One bug confirmed in two tests is one finding naming both, with one
// replay command.
func TestConfirmOneFindingPerBug(t *testing.T) {
	cfg, _, _ := fakeConfig(t, "TestDeadlock", "TestDeadlockToo")
	res := confirm(t, cfg)
	fs := res.Report.Active(report.Confirmed)
	if len(fs) != 1 || !slices.Equal(fs[0].Tests, []string{"TestDeadlock", "TestDeadlockToo"}) {
		t.Fatalf("confirmed %d finding(s), tests %v; want one naming both tests", len(fs), fs)
	}
	var out bytes.Buffer
	res.WriteText(&out, false)
	if n := strings.Count(out.String(), "\tdeadhunt replay"); n != 1 {
		t.Errorf("%d replay commands, want 1:\n%s", n, out.String())
	}
}

// What ran outside control is said by default, per test and in the
// report: the tests of a package with a cgo file are partly controlled,
// and a static prediction in that file is not said to be one "no test
// reached" (issue #15): the test may well have reached it, unseen.
func TestConfirmBlindSpots(t *testing.T) {
	cfg, b, _ := fakeConfig(t, "TestPass")
	cfg.Runs = 2
	cfg.Static = hunttest.Static(hunttest.Cycle("x", "y")) // its sites are in /fake/s.go
	cfg.Build = func(ctx context.Context, opts driver.BuildOptions) (*driver.Built, error) {
		built, err := b.Build(ctx, opts)
		built.BlindSpots = []report.BlindSpot{{Package: "example.com/fake", Pos: filepath.Join(opts.Dir, "c.go"), What: "cgo file"},
			{Package: "example.com/fake", Pos: "/fake/s.go", What: "cgo file"}}
		return built, err
	}
	res := confirm(t, cfg)
	if len(res.Report.BlindSpots) != 2 {
		t.Errorf("blind spots %v", res.Report.BlindSpots)
	}
	var out bytes.Buffer
	res.WriteText(&out, false)
	for _, s := range []string{"partly controlled: example.com/fake: cgo file c.go, cgo file /fake/s.go", "TestPass: 4 runs (4 pass); budget spent (no guarantee) [partly controlled: cgo file c.go, cgo file /fake/s.go]",
		"1 static prediction(s) not tried: their locks are taken in a file deadhunt does not control",
		"control: 1 of 1 package(s) with tests partly controlled"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, out.String())
		}
	}
}

// The control line counts the packages whose tests were hunted once each,
// and names apart the dependencies (instrumented packages the tests link)
// and the matched packages without tests that ran partly outside
// control: a dependency's cgo file made it "2 of 1 package(s)" (issue
// #32).
func TestConfirmControlCountsHunted(t *testing.T) {
	cfg, b, _ := fakeConfig(t, "TestPass")
	cfg.Runs = 2
	b.Untested = []string{"example.com/fake/notest"}
	cfg.Build = func(ctx context.Context, opts driver.BuildOptions) (*driver.Built, error) {
		built, err := b.Build(ctx, opts)
		built.BlindSpots = []report.BlindSpot{
			{Package: "example.com/fake", Pos: "/fake/c.go", What: "cgo file"},
			{Package: "example.com/fake", Pos: "/fake/d.go", What: "cgo file"},
			{Package: "example.org/dep", Pos: "/dep/c.go", What: "cgo file"},
			{Package: "example.com/fake/notest", Pos: "/fake/notest/c.go", What: "cgo file"},
		}
		return built, err
	}
	var out bytes.Buffer
	confirm(t, cfg).WriteText(&out, false)
	want := `control: 1 of 1 package(s) with tests partly controlled (example.com/fake); dependencies partly controlled: example.org/dep; ` +
		`packages not hunted partly controlled: example.com/fake/notest: see "partly controlled" above; deadlocks there can be missed`
	if !slices.Contains(strings.Split(out.String(), "\n"), want) {
		t.Errorf("output lacks the line\n%s\n%s", want, out.String())
	}

	// A dependency alone: the hunted package's own code ran fully
	// controlled.
	cfg.Build = func(ctx context.Context, opts driver.BuildOptions) (*driver.Built, error) {
		built, err := b.Build(ctx, opts)
		built.BlindSpots = []report.BlindSpot{{Package: "example.org/dep", Pos: "/dep/c.go", What: "cgo file"}}
		return built, err
	}
	out.Reset()
	confirm(t, cfg).WriteText(&out, false)
	want = `control: 0 of 1 package(s) with tests partly controlled; dependencies partly controlled: example.org/dep: see "partly controlled" above; deadlocks there can be missed`
	if !slices.Contains(strings.Split(out.String(), "\n"), want) {
		t.Errorf("output lacks the line\n%s\n%s", want, out.String())
	}
}
