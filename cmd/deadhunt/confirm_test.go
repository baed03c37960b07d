package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/suppress"
)

func TestConfirmUsage(t *testing.T) {
	dir := module(t)
	for _, args := range [][]string{
		{"--strategy", "bogus"},
		{"--runs", "0"},
		{"-run", "["},
		{"-p", "0"},
		{"--bogus"},
		{"-timeout", "-1s"},
		{"--depth", "x"},
	} {
		r := confirmCLI(t, dir, &fakeBuilder{t: t}, args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "deadhunt confirm -h") {
			t.Errorf("%q: exit %d, stderr %q; want usage error", args, r.code, r.stderr)
		}
	}
}

func TestConfirmHelp(t *testing.T) {
	r := confirmCLI(t, module(t), &fakeBuilder{t: t}, "--help")
	if r.code != exitOK {
		t.Errorf("exit %d", r.code)
	}
	for _, s := range []string{"-run", "-timeout", "-runs", "-strategy", "-depth", "-radius", "-seed", "-p", "-o", "-json", "-keep-going", "-v", "-sarif", "-no-predict", "-no-static", "directed", "Exit codes", "3 at least one deadlock"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("help does not mention %s", s)
		}
	}
}

func TestConfirmDeadlock(t *testing.T) {
	dir := module(t)
	b := &fakeBuilder{t: t, tests: []string{"TestDeadlock", "TestPass"}}
	r := confirmCLI(t, dir, b, "./...", "--runs", "10", "-p", "1", "-o", "out.json")
	if r.code != exitDeadlock {
		t.Fatalf("exit %d, want 3; stderr:\n%s", r.code, r.stderr)
	}
	rep, err := report.ReadFile(filepath.Join(dir, ".deadhunt", "last.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Status != report.Confirmed {
		t.Fatalf("report findings %v", rep.Findings)
	}
	id := rep.Findings[0].ID
	for _, s := range []string{"confirmed 1 deadlock(s)", "deadhunt replay out.json --finding " + id,
		"example.com/fake TestPass: 12 runs (12 pass)", "example.com/fake TestDeadlock: 5 runs (1 deadlock, 4 pass), 1 confirmed"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("stdout does not contain %q:\n%s", s, r.stdout)
		}
	}
	if gi, err := os.ReadFile(filepath.Join(dir, ".deadhunt", ".gitignore")); err != nil || string(gi) != "*\n" {
		t.Errorf(".deadhunt/.gitignore: %q, %v", gi, err)
	}
	if _, err := report.ReadFile(filepath.Join(dir, "out.json")); err != nil {
		t.Errorf("-o: %v", err)
	}
	if !strings.Contains(r.stderr, "deadhunt: example.com/fake TestDeadlock: 5 run(s)") {
		t.Errorf("progress lines missing from stderr:\n%s", r.stderr)
	}
}

func TestConfirmNothing(t *testing.T) {
	r := confirmCLI(t, module(t), &fakeBuilder{t: t, tests: []string{"TestPass", "TestFail"}}, "--runs", "3")
	if r.code != exitOK {
		t.Fatalf("exit %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	for _, s := range []string{"no deadlock confirmed in 6 run(s) of 2 test(s)", "TestFail: test ends with fail", "wrong answer"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("stdout does not contain %q:\n%s", s, r.stdout)
		}
	}
}

// A test that fails only under some schedules: the summary says so, and
// -v prints the first failing run's coordinates and output.
func TestConfirmFlaky(t *testing.T) {
	b := &fakeBuilder{t: t, tests: []string{"TestFlaky"}}
	r := confirmCLI(t, module(t), b, "--runs", "8", "--no-predict")
	if r.code != exitOK || !strings.Contains(r.stdout, "1 test(s) misbehaved under some schedules") {
		t.Fatalf("exit %d, want 0 and a note on the failing runs; stdout:\n%s", r.code, r.stdout)
	}
	r = confirmCLI(t, module(t), b, "--runs", "8", "--no-predict", "-v")
	if !strings.Contains(r.stdout, "first run to fail: strategy rpro seed 4; last output:\n\t\t") || !strings.Contains(r.stdout, "flaky at seed 4") {
		t.Errorf("-v does not show the first failing run:\n%s", r.stdout)
	}
}

func TestConfirmJSON(t *testing.T) {
	r := confirmCLI(t, module(t), &fakeBuilder{t: t, tests: []string{"TestDeadlock"}}, "--json", "--runs", "5", "--keep-going")
	if r.code != exitDeadlock {
		t.Fatalf("exit %d, want 3; stderr:\n%s", r.code, r.stderr)
	}
	rep, err := report.Read(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatalf("stdout is not a report: %v\n%s", err, r.stdout)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Witness.Runs != 7 {
		t.Errorf("findings %+v, want one with 7 runs (keep going)", rep.Findings)
	}
	if r.stderr != "" {
		t.Errorf("stderr %q, want nothing with --json", r.stderr)
	}
}

func TestConfirmBuildError(t *testing.T) {
	b := &fakeBuilder{t: t, tests: []string{"TestPass"}, errs: []report.PackageError{{Package: "example.com/broken", Err: "x.go:1:1: syntax error"}}}
	r := confirmCLI(t, module(t), b, "--runs", "1")
	if r.code != exitError || !strings.Contains(r.stdout, "error: example.com/broken: x.go:1:1: syntax error") {
		t.Errorf("exit %d, stdout:\n%s\nwant exit 1 naming the broken package", r.code, r.stdout)
	}
}

func TestConfirmNoModule(t *testing.T) {
	r := confirmCLI(t, t.TempDir(), &fakeBuilder{t: t}, "./...")
	if r.code != exitError || !strings.Contains(r.stderr, "no go.mod") {
		t.Errorf("exit %d, stderr %q; want 1 and no go.mod", r.code, r.stderr)
	}
}

// On a terminal, progress is one line rewritten in place and cleared at
// the end.
func TestConfirmProgressTerminal(t *testing.T) {
	var out, errb strings.Builder
	c := &confirmer{stdout: &out, stderr: &errb, dir: module(t), build: &fakeBuilder{t: t, tests: []string{"TestPass"}}, tty: true}
	if code := c.main(t.Context(), []string{"--runs", "2"}); code != exitOK {
		t.Fatalf("exit %d", code)
	}
	e := errb.String()
	if strings.Contains(e, "\n") || !strings.Contains(e, "\r\033[K1 package(s) built · 0 test(s) done · example.com/fake TestPass 4/4 runs · 0 confirmed") || !strings.HasSuffix(e, "\r\033[K") {
		t.Errorf("terminal progress %q", e)
	}
}

// The full pipeline on the fake: recorded traces predict TestAimed's a-b
// cycle and TestAimedMiss's c-d cycle; directed runs confirm the first
// (the fake deadlocks only when aimed); the second is listed unconfirmed
// with the runs tried and its miss bound, and marked ignored from the
// suppression file; a static finding on locks no test touched is
// predicted-static.
func TestConfirmPipeline(t *testing.T) {
	dir := module(t)
	miss := staticCycle("c", "d")
	set, err := suppress.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Add(miss.ID, "known, harmless"); err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	c := &confirmer{stdout: &out, stderr: &errb, dir: dir, build: &fakeBuilder{t: t, tests: []string{"TestAimed", "TestAimedMiss"}},
		static: staticFindings(staticCycle("x", "y"))}
	code := c.main(t.Context(), []string{"--runs", "4", "-p", "1", "--sarif", "out.sarif"})
	if code != exitDeadlock {
		t.Fatalf("exit %d, want 3\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
	rep, err := report.ReadFile(filepath.Join(dir, ".deadhunt", "last.json"))
	if err != nil {
		t.Fatal(err)
	}
	byStatus := map[report.Status][]report.Finding{}
	for _, f := range rep.Findings {
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
	for _, s := range []string{"confirmed 1 deadlock(s)", "1 static prediction(s) no test reached; 1 ignored"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("stdout lacks %q:\n%s", s, out.String())
		}
	}
	if !strings.Contains(errb.String(), "recorded 10 trace(s) of 2 test(s); 3 prediction(s)") {
		t.Errorf("stderr lacks the recording summary:\n%s", errb.String())
	}
	if sarif, err := os.ReadFile(filepath.Join(dir, "out.sarif")); err != nil || !strings.Contains(string(sarif), `"ruleId"`) {
		t.Errorf("sarif %q, %v", sarif, err)
	}
}

// Ignoring the only confirmed finding makes the exit code 0; --no-predict
// hunts with the strategy alone, which never hits the fake's aimed
// deadlock.
func TestConfirmIgnoredAndNoPredict(t *testing.T) {
	dir := module(t)
	set, err := suppress.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	id := staticCycle("a", "b").ID
	if err := set.Add(id, "fixed upstream"); err != nil {
		t.Fatal(err)
	}
	r := confirmCLI(t, dir, &fakeBuilder{t: t, tests: []string{"TestAimed"}}, "--runs", "4")
	if r.code != exitOK || !strings.Contains(r.stdout, "no deadlock confirmed") || !strings.Contains(r.stdout, "1 ignored") {
		t.Errorf("exit %d, stdout:\n%s\nwant 0 with the confirmed finding ignored", r.code, r.stdout)
	}
	r = confirmCLI(t, module(t), &fakeBuilder{t: t, tests: []string{"TestAimed"}}, "--runs", "4", "--no-predict")
	if r.code != exitOK || strings.Contains(r.stderr, "recording") {
		t.Errorf("--no-predict: exit %d, stderr:\n%s", r.code, r.stderr)
	}
}
