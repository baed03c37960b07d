package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// -args passes the rest of the command line to the test binaries, as go
// test does; it used to be refused as a usage error. A test that fails on
// its own makes the exit status 1, and the summary says why.
func TestConfirmArgs(t *testing.T) {
	e, _ := fake(t, "TestArgs")
	r := cli(t, e, "confirm", "--runs", "2", "./...", "-args", "-level=3")
	if r.code != exitOK {
		t.Errorf("with -args -level=3: exit %d, want 0\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	r = cli(t, e, "confirm", "--runs", "2", "./...")
	if r.code != exitError || !strings.Contains(r.stdout, "-level=0, want 3") ||
		!strings.Contains(r.stdout, "exit status 1: 1 test(s) fail on their own in their plain run") {
		t.Errorf("without -args: exit %d, want 1 and why\nstdout:\n%s", r.code, r.stdout)
	}
}

// A witness of other code (its fingerprint is not the build's) is refused
// with the reason; a replay that leaves the schedule is never "the same
// way".
func TestReplayStaleAndDiverged(t *testing.T) {
	dir, rep := confirmed(t)
	rep.Findings[0].Witness.Fingerprint = "0123456789abcdef"
	if err := rep.WriteFile(filepath.Join(dir, "stale.json")); err != nil {
		t.Fatal(err)
	}
	e, _ := fake(t)
	e.dir = dir
	r := cli(t, e, "replay", "stale.json")
	if r.code != exitError || !strings.Contains(r.stderr, "stale witness: the test binary of example.com/fake is not the one that recorded it (fingerprint 0123456789abcdef") {
		t.Errorf("stale: exit %d, stderr:\n%s", r.code, r.stderr)
	}
	rep.Findings[0].Witness.Fingerprint = ""
	rep.Findings[0].Witness.Test = "TestDiverge"
	if err := rep.WriteFile(filepath.Join(dir, "diverge.json")); err != nil {
		t.Fatal(err)
	}
	r = cli(t, e, "replay", "-v", "diverge.json")
	if r.code != exitOK || strings.Contains(r.stdout, "same way") || !strings.Contains(r.stdout, "diverged from the witness (replay: diverged at step 1") ||
		strings.Contains(r.stdout, "result and schedule") {
		t.Errorf("diverged: exit %d, stdout:\n%s", r.code, r.stdout)
	}
}
