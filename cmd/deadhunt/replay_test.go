package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
)

// confirmed runs confirm with the fake on a deadlocking test and returns
// the module directory and the report.
func confirmed(t *testing.T) (string, *report.Report) {
	t.Helper()
	e, _ := fake(t, "TestDeadlock")
	r := cli(t, e, "confirm", "--runs", "5", "-p", "1")
	if r.code != exitDeadlock {
		t.Fatalf("confirm exit %d; stderr:\n%s", r.code, r.stderr)
	}
	rep, err := report.ReadFile(filepath.Join(r.dir, ".deadhunt", "last.json"))
	if err != nil {
		t.Fatal(err)
	}
	return r.dir, rep
}

func TestReplayAgain(t *testing.T) {
	dir, rep := confirmed(t)
	e, b := fake(t, "TestDeadlock")
	e.dir = dir
	id := rep.Findings[0].ID
	r := cli(t, e, "replay", ".deadhunt/last.json", "--finding", id, "-n", "3")
	if r.code != exitDeadlock {
		t.Fatalf("exit %d, want 3; stderr:\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, id+": deadlocked again in 3 of 3 replay(s)") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
	if b.Calls() != 1 {
		t.Errorf("built %d times, want once for three replays", b.Calls())
	}
}

// A witness whose replay diverges (the fake's TestUnstable) exits 0.
func TestReplayGone(t *testing.T) {
	dir, rep := confirmed(t)
	rep.Findings[0].Witness.Test = "TestUnstable"
	if err := rep.WriteFile(filepath.Join(dir, "r.json")); err != nil {
		t.Fatal(err)
	}
	e, _ := fake(t)
	e.dir = dir
	r := cli(t, e, "replay", "r.json")
	if r.code != exitOK || !strings.Contains(r.stdout, "diverged from the witness (replay diverged at step 2: goroutine 2 not enabled), then did not deadlock (pass)") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

func TestReplayErrors(t *testing.T) {
	dir, _ := confirmed(t)
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("corrupt.json", `{"version": 1, "findings": [{"id": ""}]`)
	write("old.json", `{"version": 99, "findings": []}`)
	e, b := fake(t)
	e.dir = dir
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"corrupt.json"}, exitError, "corrupt.json: report:"},
		{[]string{"old.json"}, exitError, "version 99 is not supported"},
		{[]string{"missing.json"}, exitError, "missing.json"},
		{[]string{".deadhunt/last.json", "--finding", "DH-nope"}, exitError, "no finding DH-nope"},
		{[]string{}, exitUsage, "exactly one report"},
		{[]string{"a.json", "b.json"}, exitUsage, "exactly one report"},
		{[]string{".deadhunt/last.json", "-n", "0"}, exitUsage, "-n 0"},
	}
	for _, c := range cases {
		r := cli(t, e, append([]string{"replay"}, c.args...)...)
		if r.code != c.code || !strings.Contains(r.stderr, c.msg) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", c.args, r.code, r.stderr, c.code, c.msg)
		}
	}
	if b.Calls() != 0 {
		t.Errorf("built %d times on errors", b.Calls())
	}
}
