package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
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
	for _, s := range []string{"-run", "-timeout", "-runs", "-strategy", "-depth", "-radius", "-seed", "-p", "-o", "-json", "-keep-going", "-v", "Exit codes", "3 at least one deadlock"} {
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
