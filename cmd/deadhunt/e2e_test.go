package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
)

// e2eModule copies corpus cases into a fresh module, as a user's code
// would be: deadhunt must not depend on running inside its own module.
func e2eModule(t *testing.T, cases ...string) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH: the end-to-end test builds instrumented test binaries")
	}
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "go.mod"), []byte("module example.com/e2e\n\ngo 1.26\n"))
	for _, c := range cases {
		files, err := filepath.Glob(filepath.Join("..", "..", "corpus", c, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("corpus case %s: %v", c, err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			write(filepath.Join(dir, filepath.Base(c), filepath.Base(f)), data)
		}
	}
	return dir
}

// TestEndToEnd runs the real pipeline (instrument, record, predict,
// directed runtime, driver) on the corpus's AB-BA deadlock and its
// lock-ordered look-alike, then replays the witness 20 times.
func TestEndToEnd(t *testing.T) {
	dir := e2eModule(t, "deadlock/abba", "clean/ordered")
	var out, errb strings.Builder
	c := &confirmer{stdout: &out, stderr: &errb, dir: dir, build: instrumentBuilder{}}
	code := c.main(context.Background(), []string{"--runs", "50", "-o", "report.json", "./..."})
	if code != exitDeadlock {
		t.Fatalf("confirm exit %d, want 3\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
	rep, err := report.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 {
		t.Fatalf("%d findings, want 1 (abba only):\n%s", len(rep.Findings), out.String())
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
	if abs := filepath.Join(dir, "abba", "abba.go"); strings.Contains(out.String(), abs) || !strings.Contains(out.String(), " abba/abba.go:") {
		t.Errorf("text output does not name abba/abba.go relative to %s:\n%s", dir, out.String())
	}
	if len(f.Edges) == 0 || !filepath.IsAbs(f.Edges[0].HeldAt.File) {
		t.Errorf("report edges %+v, want absolute file names", f.Edges)
	}
	if !strings.Contains(out.String(), "example.com/e2e/ordered TestTransfer: 52 runs (52 pass)") {
		t.Errorf("the clean case did not pass all its runs:\n%s", out.String())
	}

	var rout, rerr strings.Builder
	r := &replayer{stdout: &rout, stderr: &rerr, dir: dir, build: instrumentBuilder{}}
	code = r.main(context.Background(), []string{"report.json", "--finding", f.ID, "-n", "20"})
	if code != exitDeadlock || !strings.Contains(rout.String(), "deadlocked again in 20 of 20 replay(s)") {
		t.Errorf("replay exit %d\nstdout:\n%s\nstderr:\n%s", code, rout.String(), rerr.String())
	}
}

// TestEndToEndDirected: deadlock/warmup hides its AB-BA behind 1201
// irrelevant acquisitions, which rpro rarely gets past (1 of 200 seeds);
// the pipeline predicts it from the recorded traces and the directed
// strategy, counting only the cycle's inner acquisitions, confirms it.
func TestEndToEndDirected(t *testing.T) {
	dir := e2eModule(t, "deadlock/warmup")
	var out, errb strings.Builder
	c := &confirmer{stdout: &out, stderr: &errb, dir: dir, build: instrumentBuilder{}}
	code := c.main(context.Background(), []string{"--runs", "20", "--json"})
	if code != exitDeadlock {
		t.Fatalf("confirm exit %d, want 3\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
	rep, err := report.Read(strings.NewReader(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 {
		t.Fatalf("findings %v, want the warmup cycle", rep.Findings)
	}
	f := rep.Findings[0]
	if f.Status != report.Confirmed || f.Witness.Strategy != report.Directed || !slices.Contains(f.Classes(), "(*warmup.Server).authMu") {
		t.Errorf("finding %s by %s, want warmup's cycle confirmed by directed", f.Summary(), f.Witness.Strategy)
	}
	traces, _ := filepath.Glob(filepath.Join(dir, ".deadhunt", "traces", "*", "TestAfterWarmup.*.trace"))
	if len(traces) != 5 {
		t.Errorf("traces %q, want 5 under .deadhunt/traces", traces)
	}
}
