package predict

import (
	"cmp"
	"slices"

	"github.com/deadhunt/deadhunt/report"
)

// Merge joins dynamic and static findings by ID (same kind, package and
// lock classes). A finding with both has evidence ["static", "dynamic"],
// the dynamic finding's goroutines and message, and the sites and edges of
// both. The result is ranked: both before dynamic only before static only,
// then shorter cycles first, then findings whose edges more goroutines
// showed, then by ID.
func Merge(dynamic, static []report.Finding) []report.Finding {
	all := slices.Concat(dynamic, static)
	for i := range all {
		all[i].Evidence = evidenceOf(all[i])
	}
	out := report.JoinByID(all, mergeTwo)
	slices.SortStableFunc(out, func(a, b report.Finding) int {
		return cmp.Or(
			cmp.Compare(evidenceRank(a), evidenceRank(b)),
			cmp.Compare(len(a.Locks), len(b.Locks)),
			-cmp.Compare(support(a), support(b)),
			cmp.Compare(a.ID, b.ID))
	})
	return out
}

// evidenceOf is f's evidence, completed from its status.
func evidenceOf(f report.Finding) []report.Evidence {
	switch f.Status {
	case report.PredictedStatic:
		return report.UnionEvidence(f.Evidence, []report.Evidence{report.Static})
	case report.PredictedDynamic:
		return report.UnionEvidence(f.Evidence, []report.Evidence{report.Dynamic})
	}
	return report.UnionEvidence(f.Evidence)
}

func evidenceRank(f report.Finding) int {
	s, d := slices.Contains(f.Evidence, report.Static), slices.Contains(f.Evidence, report.Dynamic)
	switch {
	case s && d:
		return 0
	case d:
		return 1
	}
	return 2
}

// support is f.Support when the finding carries it, else the number of
// distinct goroutines named by f's edges.
func support(f report.Finding) int {
	if f.Support > 0 {
		return f.Support
	}
	var gs []int
	for _, e := range f.Edges {
		if e.Goroutine != 0 && !slices.Contains(gs, e.Goroutine) {
			gs = append(gs, e.Goroutine)
		}
	}
	return len(gs)
}
