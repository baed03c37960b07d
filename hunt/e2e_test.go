package hunt

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/report"
)

// TestEndToEndDirected: deadlock/warmup hides its AB-BA behind 1201
// irrelevant acquisitions, which rpro rarely gets past (1 of 200 seeds);
// the pipeline predicts it from the recorded traces and the directed
// strategy, counting only the cycle's inner acquisitions, confirms it.
func TestEndToEndDirected(t *testing.T) {
	cfg := Config{Dir: hunttest.CorpusModule(t, "deadlock/warmup"), Runs: 20, KeepTraces: true}
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
