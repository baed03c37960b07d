package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/report"
)

// ciCases are corpus cases whose deadlocks confirm within the budget
// every time, look-alikes, and a package with several tests.
var ciCases = []string{"deadlock/abba", "deadlock/cycle3", "deadlock/subtest", "deadlock/doublelock", "clean/guard", "clean/ordered"}

// .ci/shards (the recipe of docs/ci.md, with two shards here: shards at once,
// then merge) ends as one hunt does: the same findings, statuses and exit
// status.
func TestCILocalScript(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds deadhunt and hunts corpus packages five times")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run .ci/shards")
	}
	bin := filepath.Join(t.TempDir(), "deadhunt")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	script, err := filepath.Abs(filepath.Join("..", "..", ".ci", "shards"))
	if err != nil {
		t.Fatal(err)
	}
	dir := hunttest.CorpusModule(t, ciCases...)
	env := append(os.Environ(), "DEADHUNT="+bin, "DEADHUNT_CACHE=off")
	run := func(name string, args ...string) int {
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		t.Logf("%s %v: exit %d\n%s", filepath.Base(name), args, cmd.ProcessState.ExitCode(), out)
		return cmd.ProcessState.ExitCode()
	}
	oneCode := run(bin, "confirm", "--runs", "30", "-o", "one.json", "./...")
	code := run("sh", script, "-n", "2", "-o", "ci", "--runs", "30", "./...")
	if code != oneCode || code != exitDeadlock {
		t.Errorf("script exit %d, one hunt's %d; want both 3", code, oneCode)
	}
	one, err := report.ReadFile(filepath.Join(dir, "one.json"))
	if err != nil {
		t.Fatal(err)
	}
	all, err := report.ReadFile(filepath.Join(dir, "ci", "all.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := statuses(all), statuses(one); !slices.Equal(got, want) {
		t.Errorf("merged findings\n%v\nwant one hunt's\n%v", got, want)
	}
	if len(all.Tests) != len(one.Tests) {
		t.Errorf("merged report lists %d tests, one hunt %d", len(all.Tests), len(one.Tests))
	}
	if _, err := os.Stat(filepath.Join(dir, "ci", "all.sarif")); err != nil {
		t.Errorf("no SARIF: %v", err)
	}
}

// statuses are the report's findings as "ID status", sorted.
func statuses(rep *report.Report) []string {
	var out []string
	for _, f := range rep.Findings {
		out = append(out, f.ID+" "+string(f.Status))
	}
	slices.Sort(out)
	return out
}
