package hunt

import (
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// Aims at predictions both the static analyzer and the traces made run
// first, static-only ones last; flips (no finding) stay with the traces'.
func TestRankAims(t *testing.T) {
	k := driver.TestKey{Package: "p", Test: "T"}
	pr := &predictions{Predictions: &driver.Predictions{Aims: map[driver.TestKey][]driver.Aim{
		k: {{ID: "static"}, {ID: "dyn"}, {ID: "flip"}, {ID: "both"}}}},
		merged: []report.Finding{
			{ID: "static", Evidence: []report.Evidence{report.Static}},
			{ID: "dyn", Evidence: []report.Evidence{report.Dynamic}},
			{ID: "both", Evidence: []report.Evidence{report.Static, report.Dynamic}},
		}}
	pr.rankAims()
	var got []string
	for _, a := range pr.Aims[k] {
		got = append(got, a.ID)
	}
	want := []string{"both", "dyn", "flip", "static"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("aims in order %v, want %v", got, want)
		}
	}
}
