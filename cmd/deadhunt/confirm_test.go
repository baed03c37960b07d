package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/suppress"
)

func TestConfirmUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--strategy", "bogus"},
		{"--strategy", "replay"},
		{"--runs", "0"},
		{"-run", "["},
		{"-p", "0"},
		{"--bogus"},
		{"-timeout", "-1s"},
		{"--depth", "x"},
	} {
		e, b := fake(t)
		r := cli(t, e, append([]string{"confirm"}, args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "deadhunt confirm -h") || b.Calls() != 0 {
			t.Errorf("%q: exit %d, %d build(s), stderr %q; want usage error", args, r.code, b.Calls(), r.stderr)
		}
	}
	e, _ := fake(t)
	r := cli(t, e, "confirm", "--strategy", "bogus")
	if want := "deadhunt confirm: -strategy \"bogus\" unknown (want random, pct, rpro or directed)\n"; !strings.HasPrefix(r.stderr, want) {
		t.Errorf("stderr %q, want %q first", r.stderr, want)
	}
}

// The driver's rules for its options are said as the flags that set them.
func TestConfirmOptionErrorsNameFlags(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"-runs 0", "-runs 0, want at least 1"},
		{"-no-guarantee-runs 0", "-no-guarantee-runs 0, want at least 1"},
		{"-p 0", "-p 0, want at least 1"},
		{"-timeout 0s", "-timeout must be positive"},
		{"-confidence 1", "-confidence 1, want more than 0 and less than 1"},
		{"-radius -1", "-radius -1, want 0 (automatic) or more"},
	} {
		e, _ := fake(t)
		r := cli(t, e, append([]string{"confirm"}, strings.Fields(c.args)...)...)
		if want := "deadhunt confirm: " + c.want + "\n"; r.code != exitUsage || !strings.HasPrefix(r.stderr, want) {
			t.Errorf("%s: exit %d, stderr %q; want %q first", c.args, r.code, r.stderr, want)
		}
	}
}

func TestConfirmHelp(t *testing.T) {
	e, _ := fake(t)
	r := cli(t, e, "confirm", "--help")
	if r.code != exitOK {
		t.Errorf("exit %d", r.code)
	}
	for _, s := range []string{"-run", "-timeout", "-runs", "-strategy", "-depth", "-radius", "-seed", "-p", "-o", "-json", "-keep-going", "-v", "-sarif", "-no-predict", "-no-static", "-shard", "-balance", "-count", "directed", "Exit codes", "3 at least one deadlock", `(default "rpro")`} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("help does not mention %s", s)
		}
	}
}

func TestConfirmDeadlock(t *testing.T) {
	e, _ := fake(t, "TestDeadlock", "TestPass")
	r := cli(t, e, "confirm", "./...", "--runs", "10", "-p", "1", "-o", "out.json")
	if r.code != exitDeadlock {
		t.Fatalf("exit %d, want 3; stderr:\n%s", r.code, r.stderr)
	}
	rep, err := report.ReadFile(filepath.Join(r.dir, ".deadhunt", "last.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Status != report.Confirmed {
		t.Fatalf("report findings %v", rep.Findings)
	}
	id := rep.Findings[0].ID
	for _, s := range []string{"confirmed 1 deadlock(s)", "deadhunt replay out.json --finding " + id,
		"example.com/fake TestPass: 12 runs (12 pass)", "example.com/fake TestDeadlock: 5 runs (1 deadlock, 4 pass), 1 confirmed",
		"report saved to out.json and .deadhunt/last.json\n"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("stdout does not contain %q:\n%s", s, r.stdout)
		}
	}
	if gi, err := os.ReadFile(filepath.Join(r.dir, ".deadhunt", ".gitignore")); err != nil || string(gi) != "*\n" {
		t.Errorf(".deadhunt/.gitignore: %q, %v", gi, err)
	}
	if _, err := report.ReadFile(filepath.Join(r.dir, "out.json")); err != nil {
		t.Errorf("-o: %v", err)
	}
	for _, s := range []string{"deadhunt: building ./...\ndeadhunt: built the tests of 1 package(s)\n", "deadhunt: example.com/fake TestDeadlock: 5 run(s)"} {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("progress lines %q missing from stderr:\n%s", s, r.stderr)
		}
	}
}

func TestConfirmNothing(t *testing.T) {
	e, _ := fake(t, "TestPass", "TestFail")
	// One process at a time: TestFail's plain run is alone, made again in
	// its directory itself (the first was in a copy), failing there too;
	// then it is run once under control (a deadlock its failure may hide).
	r := cli(t, e, "confirm", "--runs", "3", "-p", "1")
	if r.code != exitError {
		t.Fatalf("exit %d, want 1 (a test fails on its own, as go test would say); stderr:\n%s", r.code, r.stderr)
	}
	for _, s := range []string{"no deadlock confirmed in 8 run(s) of 2 test(s)", "TestFail: test ends with fail", "wrong answer",
		"exit status 1: 1 test(s) fail on their own in their plain run (alone, no other process beside it, without deadhunt's scheduler) and were not hunted"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("stdout does not contain %q:\n%s", s, r.stdout)
		}
	}
}

// A test that fails only under some schedules: the summary says so, and
// -v prints the first failing run's coordinates and output.
func TestConfirmFlaky(t *testing.T) {
	e, _ := fake(t, "TestFlaky")
	r := cli(t, e, "confirm", "--runs", "8", "--no-predict")
	if r.code != exitOK || !strings.Contains(r.stdout, "1 test(s) misbehaved under some schedules") {
		t.Fatalf("exit %d, want 0 and a note on the failing runs; stdout:\n%s", r.code, r.stdout)
	}
	r = cli(t, e, "confirm", "--runs", "8", "--no-predict", "-v")
	if !strings.Contains(r.stdout, "first run to fail: strategy rpro seed 4; last output:\n\t\t") || !strings.Contains(r.stdout, "flaky at seed 4") {
		t.Errorf("-v does not show the first failing run:\n%s", r.stdout)
	}
}

// --json streams events; the report file is written as without it.
func TestConfirmJSON(t *testing.T) {
	e, _ := fake(t, "TestDeadlock")
	r := cli(t, e, "confirm", "--json", "--runs", "5", "--keep-going", "-o", "out.json")
	if r.code != exitDeadlock {
		t.Fatalf("exit %d, want 3; stderr:\n%s", r.code, r.stderr)
	}
	var actions []string
	var last map[string]any
	for line := range strings.Lines(r.stdout) {
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("stdout line %q is not a JSON object: %v", line, err)
		}
		actions = append(actions, ev["action"].(string))
		last = ev
	}
	if actions[0] != "start" || !slices.Contains(actions, "finding") || actions[len(actions)-1] != "summary" {
		t.Errorf("actions %v, want start ... finding ... summary", actions)
	}
	if sum := last["summary"].(map[string]any); sum["exit"] != float64(exitDeadlock) || sum["confirmed"] != float64(1) {
		t.Errorf("summary %v, want exit 3, one confirmed", sum)
	}
	rep, err := report.ReadFile(filepath.Join(r.dir, "out.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Witness.Runs != 7 {
		t.Errorf("findings %+v, want one with 7 runs (keep going)", rep.Findings)
	}
	if r.stderr != "" {
		t.Errorf("stderr %q, want nothing with --json", r.stderr)
	}
}

func TestConfirmBuildError(t *testing.T) {
	e, b := fake(t, "TestPass")
	b.Errors = []report.PackageError{{Package: "example.com/broken", Err: "x.go:1:1: syntax error"}}
	r := cli(t, e, "confirm", "--runs", "1")
	if r.code != exitError || !strings.Contains(r.stdout, "error: example.com/broken: x.go:1:1: syntax error") {
		t.Errorf("exit %d, stdout:\n%s\nwant exit 1 naming the broken package", r.code, r.stdout)
	}
}

// The instrumenter's warnings are progress lines with -v only.
func TestConfirmWarnings(t *testing.T) {
	e, b := fake(t, "TestPass")
	b.Warnings = []string{"example.com/fake: f.go:3:4: method expression (*T).Lock not instrumented"}
	want := "deadhunt: built the tests of 1 package(s)\ndeadhunt: warning: example.com/fake: f.go:3:4: method expression (*T).Lock not instrumented\n"
	if r := cli(t, e, "confirm", "--runs", "1", "-v"); !strings.Contains(r.stderr, want) {
		t.Errorf("-v: stderr lacks %q:\n%s", want, r.stderr)
	}
	if r := cli(t, e, "confirm", "--runs", "1"); strings.Contains(r.stderr, "warning") {
		t.Errorf("without -v: stderr has a warning:\n%s", r.stderr)
	}
}

// A package with no test is named, and is no error; the summary counts
// the packages whose tests ran ("in 2 package(s)" counted it too).
func TestConfirmUntested(t *testing.T) {
	e, b := fake(t, "TestPass")
	b.Untested = []string{"example.com/fake/notests"}
	r := cli(t, e, "confirm", "--runs", "1")
	if r.code != exitOK || !strings.Contains(r.stdout, "\nexample.com/fake/notests: no tests to run (no test files, or none matching -run)\n") || !strings.Contains(r.stdout, "of 1 test(s) in 1 package(s)") {
		t.Errorf("exit %d, stdout:\n%s\nwant 0 naming the package without tests", r.code, r.stdout)
	}
}

func TestConfirmNoModule(t *testing.T) {
	e, _ := fake(t)
	e.dir = t.TempDir()
	r := cli(t, e, "confirm", "./...")
	if r.code != exitError || !strings.Contains(r.stderr, "no go.mod") {
		t.Errorf("exit %d, stderr %q; want 1 and no go.mod", r.code, r.stderr)
	}
}

// On a terminal, progress is one line rewritten in place and cleared at
// the end.
func TestConfirmProgressTerminal(t *testing.T) {
	e, _ := fake(t, "TestPass")
	e.tty = true
	r := cli(t, e, "confirm", "--runs", "2")
	if r.code != exitOK {
		t.Fatalf("exit %d", r.code)
	}
	if s := r.stderr; strings.Contains(s, "\n") || !strings.Contains(s, "\r\033[K1 package(s) built · 0 test(s) done · example.com/fake TestPass 4/4 runs · 0 confirmed") || !strings.HasSuffix(s, "\r\033[K") {
		t.Errorf("terminal progress %q", s)
	}
}

// The full pipeline's output (its decisions are hunt's
// TestConfirmPipeline): the confirmed, unconfirmed and static findings,
// the summary line, the recording summary on stderr, and SARIF.
func TestConfirmPipeline(t *testing.T) {
	e, _ := fake(t, "TestAimed", "TestAimedMiss")
	e.static = hunttest.Static(hunttest.Cycle("x", "y"))
	set, err := suppress.Load(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Add(hunttest.Cycle("c", "d").ID, "known, harmless"); err != nil {
		t.Fatal(err)
	}
	r := cli(t, e, "confirm", "--runs", "4", "-p", "1", "--sarif", "out.sarif")
	if r.code != exitDeadlock {
		t.Fatalf("exit %d, want 3\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, s := range []string{"confirmed lock-order-cycle (*fake.T).a", "unconfirmed lock-order-cycle (*fake.T).c", "predicted-static lock-order-cycle (*fake.T).x",
		"confirmed 1 deadlock(s)", "1 static prediction(s) not tried: no recorded run took their locks in instrumented code; 1 ignored"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
		}
	}
	if !strings.Contains(r.stderr, "deadhunt: running the static analyzer (lockcycle)\ndeadhunt: recorded 10 trace(s) of 2 test(s); 3 prediction(s)\n") {
		t.Errorf("stderr lacks the recording summary:\n%s", r.stderr)
	}
	if sarif, err := os.ReadFile(filepath.Join(r.dir, "out.sarif")); err != nil || !strings.Contains(string(sarif), `"ruleId"`) {
		t.Errorf("sarif %q, %v", sarif, err)
	}
	r = cli(t, e, "confirm", "--runs", "4", "-p", "1", "--no-static")
	if r.code != exitDeadlock || strings.Contains(r.stdout, "(*fake.T).x") || strings.Contains(r.stderr, "static analyzer") {
		t.Errorf("--no-static: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// Ignoring the only confirmed finding makes the exit code 0; --no-predict
// hunts with the strategy alone, which never hits the fake's aimed
// deadlock.
func TestConfirmIgnoredAndNoPredict(t *testing.T) {
	e, _ := fake(t, "TestAimed")
	set, err := suppress.Load(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Add(hunttest.Cycle("a", "b").ID, "fixed upstream"); err != nil {
		t.Fatal(err)
	}
	r := cli(t, e, "confirm", "--runs", "4")
	if r.code != exitOK || !strings.Contains(r.stdout, "no deadlock confirmed") || !strings.Contains(r.stdout, "1 ignored") {
		t.Errorf("exit %d, stdout:\n%s\nwant 0 with the confirmed finding ignored", r.code, r.stdout)
	}
	e, _ = fake(t, "TestAimed")
	r = cli(t, e, "confirm", "--runs", "4", "--no-predict")
	if r.code != exitOK || strings.Contains(r.stderr, "recording") {
		t.Errorf("--no-predict: exit %d, stderr:\n%s", r.code, r.stderr)
	}
}
