package report

import (
	"slices"
	"strings"
	"testing"
)

// shards splits the sample report as two shards of one hunt would have
// written it: the first hunted TestTransfer and TestAudit, the second
// TestTransferBack, TestNotify and TestLedger.
func shards() (a, b *Report) {
	s := sample()
	a, b = sample(), sample()
	a.Interrupted, b.Interrupted = nil, nil
	a.Tests, b.Tests = s.Tests[:2], []TestRun{{Package: "example.com/bank", Test: "TestTransferBack", Runs: 9, ElapsedMS: 120}}
	// The cycle: confirmed in both, by TestTransfer in a, TestTransferBack in b.
	a.Findings[0].Tests = nil
	b.Findings[0].Test, b.Findings[0].Tests, b.Findings[0].Witness.Seed = "TestTransferBack", nil, 99
	// Blocked: only b's TestNotify confirmed it.
	a.Findings = slices.Delete(a.Findings, 1, 2)
	// bank.a/bank.b: a aimed at it without success, b never did.
	a.Findings[1].Search = &Search{Strategy: Directed, Runs: 50, Depth: 3, MissBound: 0.2}
	b.Findings[2].Status, b.Findings[2].Search = PredictedStatic, nil
	// The RWR: both searched, b's guarantee is the weaker one.
	b.Findings[4].Search = &Search{Strategy: Directed, Runs: 10, Depth: 3, MissBound: 0.5}
	b.Findings[4].Ignored = nil
	return a, b
}

func TestMerge(t *testing.T) {
	a, b := shards()
	m, err := Merge(a, b)
	if err != nil {
		t.Fatal(err)
	}
	want := sample()
	if len(m.Findings) != len(want.Findings) {
		t.Fatalf("%d findings, want %d:\n%v", len(m.Findings), len(want.Findings), m.Findings)
	}
	byID := map[string]Finding{}
	for _, f := range m.Findings {
		byID[f.ID] = f
	}
	for _, w := range want.Findings {
		g, ok := byID[w.ID]
		if !ok || g.Status != w.Status {
			t.Errorf("finding %s: got %+v, want status %s", w.ID, g, w.Status)
		}
	}
	cycle := byID[want.Findings[0].ID]
	if cycle.Test != "TestTransfer" || cycle.Witness.Seed != 17 || !slices.Equal(cycle.Tests, []string{"TestTransfer", "TestTransferBack"}) {
		t.Errorf("cycle by %s seed %d tests %v; want TestTransfer's witness, both tests", cycle.Test, cycle.Witness.Seed, cycle.Tests)
	}
	if s := byID[want.Findings[2].ID].Search; s == nil || s.Runs != 50 {
		t.Errorf("bank.a/bank.b search %+v, want a's 50 runs (b never aimed at it)", s)
	}
	rwr := byID[want.Findings[4].ID]
	if rwr.Search.MissBound != 0.5 || rwr.Ignored == nil {
		t.Errorf("RWR search %+v ignored %v, want the weaker bound 0.5 and a's ignore kept", rwr.Search, rwr.Ignored)
	}
	if len(m.Errors) != 1 || len(m.BlindSpots) != 2 || len(m.Tests) != 3 || m.Interrupted != nil {
		t.Errorf("errors %v, blind spots %v, tests %v, interrupted %v; want each once, no interruption", m.Errors, m.BlindSpots, m.Tests, m.Interrupted)
	}
}

// A prediction one shard left unconfirmed, which the other confirmed
// under another kind (mixed), is the confirmed finding only.
func TestMergeCoveredPrediction(t *testing.T) {
	a, b := shards()
	mixed := b.Findings[0]
	mixed.Kind = Mixed
	mixed.ID = ComputeID(Mixed, mixed.Package, mixed.Classes())
	b.Findings = []Finding{mixed}
	a.Findings = []Finding{sample().Findings[0]}
	a.Findings[0].Status, a.Findings[0].Witness, a.Findings[0].Tests, a.Findings[0].Evidence = Unconfirmed, nil, nil, []Evidence{Static}
	a.Findings[0].Search = &Search{Strategy: Directed, Runs: 5, MissBound: 0.9}
	m, err := Merge(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Findings) != 1 || m.Findings[0].Kind != Mixed || !slices.Equal(m.Findings[0].Evidence, []Evidence{Static, Dynamic}) {
		t.Errorf("findings %+v, want the mixed one with both evidences", m.Findings)
	}
}

func TestMergeInterrupted(t *testing.T) {
	a, b := shards()
	b.Interrupted = &Interruption{Cause: "deadline", Done: 0, Total: 1, CutShort: []TestRef{{Package: "example.com/bank", Test: "TestTransferBack"}}}
	m, err := Merge(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if in := m.Interrupted; in == nil || in.Cause != "deadline" || in.Done != 2 || in.Total != 3 || len(in.CutShort) != 1 {
		t.Errorf("interrupted %+v, want deadline, 2 of 3 done, one cut short", in)
	}
}

func TestMergeRejects(t *testing.T) {
	if _, err := Merge(); err == nil {
		t.Error("no reports merged without an error")
	}
	a, b := shards()
	b.Tool = "lockcycle"
	if _, err := Merge(a, b); err == nil || !strings.Contains(err.Error(), "lockcycle") {
		t.Errorf("error %v, want one naming the other tool", err)
	}
}
