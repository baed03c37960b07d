package predict

import (
	"slices"

	"github.com/deadhunt/deadhunt/report"
)

// mergeTwo joins two findings with one ID. The more certain status wins;
// on a tie, a dynamic finding is the base (it names goroutines).
func mergeTwo(a, b report.Finding) report.Finding {
	if b.Status.Rank() < a.Status.Rank() || b.Status == a.Status && dynamicOnly(b) && !dynamicOnly(a) {
		a, b = b, a
	}
	a.Evidence = report.UnionEvidence(a.Evidence, b.Evidence)
	a.Locks = slices.Clone(a.Locks)
	for _, l := range b.Locks {
		i := slices.IndexFunc(a.Locks, func(x report.Lock) bool { return x.Class == l.Class })
		if i < 0 {
			continue
		}
		a.Locks[i].Sites = slices.Clone(a.Locks[i].Sites)
		for _, s := range l.Sites {
			if !slices.Contains(a.Locks[i].Sites, s) {
				a.Locks[i].Sites = append(a.Locks[i].Sites, s)
			}
		}
	}
	for _, e := range b.Edges {
		same := func(x report.Edge) bool {
			return x.Held == e.Held && x.Acquired == e.Acquired && x.HeldAt == e.HeldAt && x.AcquiredAt == e.AcquiredAt
		}
		if !slices.ContainsFunc(a.Edges, same) {
			a.Edges = append(slices.Clone(a.Edges), e)
		}
	}
	return a
}

func dynamicOnly(f report.Finding) bool {
	return slices.Contains(f.Evidence, report.Dynamic) && !slices.Contains(f.Evidence, report.Static)
}
