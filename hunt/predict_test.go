package hunt

import (
	"bytes"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/report"
)

// The traces' a-b cycle joins the static analyzer's (both evidences);
// the static x-y cycle stays predicted-static. The profile has one sample
// per edge of the cycle.
func TestPredict(t *testing.T) {
	cfg, _, o := fakeConfig(t, "TestAimed")
	cfg.Static = hunttest.Static(hunttest.Cycle("a", "b"), hunttest.Cycle("x", "y"))
	ps, err := Predict(t.Context(), cfg, []string{"./..."})
	if err != nil {
		t.Fatal(err)
	}
	fs := ps.Report.Findings
	if len(fs) != 2 {
		t.Fatalf("findings %v, want the a-b cycle (static and dynamic) and the x-y one (static)", fs)
	}
	if f := fs[0]; f.Status != report.PredictedDynamic || report.JoinEvidence(f.Evidence) != "static, dynamic" || f.Classes()[0] != "(*fake.T).a" {
		t.Errorf("first finding %s, evidence %v; want a-b with both evidences", f.Summary(), f.Evidence)
	}
	if f := fs[1]; f.Status != report.PredictedStatic {
		t.Errorf("second finding %s, want predicted-static", f.Summary())
	}
	if ps.Report.Tool != "deadhunt predict" || len(ps.Report.Errors) != 0 {
		t.Errorf("tool %q, errors %v", ps.Report.Tool, ps.Report.Errors)
	}
	prof, err := ps.Profile()
	if err != nil {
		t.Fatal(err)
	}
	if len(prof.Sample) != 2 {
		t.Errorf("profile has %d samples, want one per edge of the cycle:\n%s", len(prof.Sample), prof)
	}
	var dot bytes.Buffer
	if err := ps.WriteDOT(&dot); err != nil || !strings.Contains(dot.String(), "digraph") || !strings.Contains(dot.String(), "(*fake.T).a") {
		t.Errorf("dot %q, %v", dot.String(), err)
	}
	want := []string{"recording lock-order traces of 1 package(s)", "recorded 5 trace(s) of 1 test(s)", "running the static analyzer (lockcycle)"}
	if strings.Join(o.stages, "\n") != strings.Join(want, "\n") {
		t.Errorf("stages %q, want %q", o.stages, want)
	}
}

// With no traces there is no graph to write; the static findings are
// still predicted.
func TestPredictNoTraces(t *testing.T) {
	cfg, _, _ := fakeConfig(t)
	cfg.Static = hunttest.Static(hunttest.Cycle("x", "y"))
	ps, err := Predict(t.Context(), cfg, []string{"./..."})
	if err != nil {
		t.Fatal(err)
	}
	if fs := ps.Report.Findings; len(fs) != 1 || fs[0].Status != report.PredictedStatic {
		t.Errorf("findings %v, want the static one", fs)
	}
	if _, err := ps.Profile(); err == nil || err.Error() != "no traces recorded: no lock-order graph to write" {
		t.Errorf("profile error %v", err)
	}
}
