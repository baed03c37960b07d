package predict

import (
	"slices"
	"testing"

	"github.com/deadhunt/deadhunt/report"
)

func staticFinding(classes ...string) report.Finding {
	f := report.Finding{
		ID: report.ComputeID(report.LockOrderCycle, "p", classes), Kind: report.LockOrderCycle,
		Status: report.PredictedStatic, Package: "p", Message: "static",
	}
	for i, c := range classes {
		f.Locks = append(f.Locks, report.Lock{Class: c, Sites: []report.Site{{File: "s.go", Line: 10 + i}}})
		next := classes[(i+1)%len(classes)]
		f.Edges = append(f.Edges, report.Edge{Held: c, Acquired: next, AcquiredAt: report.Site{File: "s.go", Line: 20 + i}})
	}
	return f
}

func TestMerge(t *testing.T) {
	abba := predictFile(t, "abba").Findings("p")[0]      // main.a, main.b
	three := predictFile(t, "cycle3").Findings("p")[0]   // p.a p.b p.c
	four := predictFile(t, "cycle4").Findings("p")[0]    // p.a .. p.d
	two := predictFile(t, "duplicates").Findings("p")[0] // p.a p.b
	static := []report.Finding{
		staticFinding("p.x", "p.y"),
		staticFinding("p.a", "p.b", "p.c", "p.d"),
		staticFinding("main.b", "main.a"),
	}
	got := Merge([]report.Finding{three, abba, four, two}, static)
	var ids []string
	for _, f := range got {
		ids = append(ids, f.ID)
	}
	want := []string{abba.ID, four.ID, two.ID, three.ID, static[0].ID}
	if !slices.Equal(ids, want) {
		t.Fatalf("order %v, want %v (both by length, dynamic by length, static)", ids, want)
	}
	m := got[0]
	if !slices.Equal(m.Evidence, []report.Evidence{report.Static, report.Dynamic}) || m.Status != report.PredictedDynamic {
		t.Errorf("merged evidence %v status %s", m.Evidence, m.Status)
	}
	if m.Message != abba.Message || len(m.Edges) != 4 {
		t.Errorf("merged message %q with %d edges, want the dynamic message and 2+2 edges", m.Message, len(m.Edges))
	}
	if n := len(m.Locks[0].Sites); n != len(abba.Locks[0].Sites)+1 {
		t.Errorf("merged lock has %d sites, want the static site added", n)
	}
	if len(abba.Edges) != 2 {
		t.Errorf("merge changed its input: %d edges", len(abba.Edges))
	}
	if got[4].Evidence[0] != report.Static || len(got[4].Evidence) != 1 {
		t.Errorf("static-only evidence %v", got[4].Evidence)
	}
}

func TestMergeRanksBySupport(t *testing.T) {
	one := staticFinding("p.a", "p.b")
	one.Status, one.Edges[0].Goroutine, one.Edges[1].Goroutine = report.PredictedDynamic, 1, 1
	other := staticFinding("p.c", "p.d")
	other.Status, other.Edges[0].Goroutine, other.Edges[1].Goroutine = report.PredictedDynamic, 2, 3
	got := Merge([]report.Finding{one, other}, nil)
	if got[0].ID != other.ID {
		t.Errorf("finding seen by two goroutines should rank first")
	}
}
