package hunt

import (
	"slices"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// joinPredictions returns the predictions no confirmed finding covers:
// unconfirmed, with what the directed runs aimed at them tried, when the
// tests showed them or touched their locks; predicted-static when no test
// touched their locks. Every touched test is aimed at (aimStatic), so the
// strategy's own seeds never stand in for an aim. Confirmed findings that
// were predicted get the predictions' evidence.
func joinPredictions(pr *predictions, confirmed []report.Finding, sum *driver.Summary, h Hints) []report.Finding {
	if pr == nil {
		return nil
	}
	var out []report.Finding
	for _, f := range pr.merged {
		if i := slices.IndexFunc(confirmed, func(g report.Finding) bool { return sameBug(&f, &g) }); i >= 0 {
			confirmed[i].Evidence = report.UnionEvidence(confirmed[i].Evidence, f.Evidence)
			report.LinkStatic(&confirmed[i], &f)
			continue
		}
		if s := aimSearch(sum, f.ID); s != nil {
			f.Status, f.Search = report.Unconfirmed, s
		} else if slices.Contains(f.Evidence, report.Dynamic) {
			f.Status, f.Search = report.Unconfirmed, &report.Search{Strategy: report.Directed, MissBound: 1, Note: notTried(sum, &f, h)}
		}
		out = append(out, f)
	}
	return out
}

// notTried says why no directed run was aimed at f, from its test's
// account: the test confirmed another deadlock first (a blocking aim is
// skipped then), failed on its own, or was not hunted.
func notTried(sum *driver.Summary, f *report.Finding, h Hints) string {
	for _, st := range sum.Tests {
		if st.Package != f.Package || st.Test != f.Test {
			continue
		}
		switch {
		case len(st.Findings) > 0:
			note := "no directed run: " + st.Test + " confirmed another deadlock first"
			if h.KeepGoing != "" {
				note += " (" + h.KeepGoing + " tries every aim)"
			}
			return note
		case st.Failure != nil:
			return "no directed run: " + st.Test + " fails on its own in its plain run"
		}
	}
	return "no directed run: the tests that showed it failed on their own or were not hunted"
}

// aimSearch is the search of the directed runs aimed at id, from the test
// whose runs give the weakest guarantee (largest miss bound); nil if no
// aim at id ran.
func aimSearch(sum *driver.Summary, id string) *report.Search {
	var best *report.Search
	for _, st := range sum.Tests {
		for _, a := range st.Aims {
			if a.Aim.ID != id {
				continue
			}
			if s := a.Search(); best == nil || s.MissBound > best.MissBound {
				best = s
				best.Note = st.Test + ": " + best.Note
			}
		}
	}
	return best
}

// sameBug reports whether two findings of one package name the same
// deadlock: the same ID, or the same distinct lock classes (the runtime
// may call a predicted cycle "mixed" when a channel is involved too), or
// a missing Done (a) that explains a wait for a WaitGroup (b).
func sameBug(a, b *report.Finding) bool {
	return a.ID == b.ID || report.SameLocks(a, b) || report.WaitExplained(b, a)
}
