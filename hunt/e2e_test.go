package hunt

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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
		files, err := filepath.Glob(filepath.Join("..", "corpus", c, "*.go"))
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

// TestEndToEndDirected: deadlock/warmup hides its AB-BA behind 1201
// irrelevant acquisitions, which rpro rarely gets past (1 of 200 seeds);
// the pipeline predicts it from the recorded traces and the directed
// strategy, counting only the cycle's inner acquisitions, confirms it.
func TestEndToEndDirected(t *testing.T) {
	cfg := Config{Dir: e2eModule(t, "deadlock/warmup"), Runs: 20}
	res, err := bounded(t, func(ctx context.Context) (*Result, error) { return Confirm(ctx, cfg, []string{"./..."}) })
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != Deadlock || len(res.Report.Findings) != 1 {
		t.Fatalf("verdict %v, findings %v; want the warmup cycle", res.Verdict, res.Report.Findings)
	}
	f := res.Report.Findings[0]
	if f.Status != report.Confirmed || f.Witness.Strategy != report.Directed || !slices.Contains(f.Classes(), "(*warmup.Server).authMu") {
		t.Errorf("finding %s by %s, want warmup's cycle confirmed by directed", f.Summary(), f.Witness.Strategy)
	}
	traces, _ := filepath.Glob(filepath.Join(cfg.Dir, ".deadhunt", "traces", "*", "TestAfterWarmup.*.trace"))
	if len(traces) != 5 {
		t.Errorf("traces %q, want 5 under .deadhunt/traces", traces)
	}
}
