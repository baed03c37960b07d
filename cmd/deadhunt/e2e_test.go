package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/report"
)

// TestEndToEnd runs the real pipeline (instrument, record, predict,
// directed runtime, driver) on the corpus's AB-BA deadlock and its
// lock-ordered look-alike, then replays the witness 20 times.
func TestEndToEnd(t *testing.T) {
	dir := hunttest.CorpusModule(t, "deadlock/abba", "clean/ordered")
	r := cli(t, env{dir: dir}, "confirm", "--runs", "50", "-o", "report.json", "./...")
	if r.code != exitDeadlock {
		t.Fatalf("confirm exit %d, want 3\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	rep, err := report.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 {
		t.Fatalf("%d findings, want 1 (abba only):\n%s", len(rep.Findings), r.stdout)
	}
	f := rep.Findings[0]
	if f.Package != "example.com/e2e/abba" || f.Test != "TestTransfer" || f.Kind != report.LockOrderCycle || f.Status != report.Confirmed {
		t.Errorf("finding %s", f.Summary())
	}
	if classes := f.Classes(); len(classes) == 0 || classes[0] != "(*abba.Account).mu" {
		t.Errorf("lock classes %q, want (*abba.Account).mu", classes)
	}
	if want := report.ComputeID(report.LockOrderCycle, "example.com/e2e/abba", []string{"(*abba.Account).mu"}); f.ID != want {
		t.Errorf("id %s, want %s", f.ID, want)
	}
	if len(f.Witness.Schedule) == 0 {
		t.Error("witness has no schedule")
	}
	// Text names files relative to the working directory, as go vet
	// does; the report file keeps absolute names (replay, the editor).
	if abs := filepath.Join(dir, "abba", "abba.go"); strings.Contains(r.stdout, abs) || !strings.Contains(r.stdout, " abba/abba.go:") {
		t.Errorf("text output does not name abba/abba.go relative to %s:\n%s", dir, r.stdout)
	}
	if len(f.Edges) == 0 || !filepath.IsAbs(f.Edges[0].HeldAt.File) {
		t.Errorf("report edges %+v, want absolute file names", f.Edges)
	}
	// The clean case passes every run and stops once its runs showed both
	// orders of its two transfers (issue #16), before its 50 seeds.
	if m := regexp.MustCompile(`example.com/e2e/ordered TestTransfer: (\d+) runs \((\d+) pass\); explored all 2 orderings`).FindStringSubmatch(r.stdout); m == nil || m[1] != m[2] {
		t.Errorf("the clean case did not pass all its runs, or did not explore its 2 orderings:\n%s", r.stdout)
	}

	r = cli(t, env{dir: dir}, "replay", "report.json", "--finding", f.ID, "-n", "20")
	if r.code != exitDeadlock || !strings.Contains(r.stdout, "deadlocked again in 20 of 20 replay(s)") {
		t.Errorf("replay exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}
