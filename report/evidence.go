package report

import (
	"cmp"
	"slices"
	"strings"
)

// Evidence names where a prediction came from. Its JSON form is the name
// itself.
type Evidence string

const (
	Static  Evidence = "static"  // the static analyzer (lockcycle) found it in the source
	Dynamic Evidence = "dynamic" // recorded lock-order traces, or a run, showed it
)

// Evidences lists every evidence in the order a finding lists them.
var Evidences = []Evidence{Static, Dynamic}

// Valid reports whether e is a known evidence.
func (e Evidence) Valid() bool { return slices.Contains(Evidences, e) }

func (e Evidence) String() string { return string(e) }

// UnionEvidence joins evidence lists without repeats, in the order of
// Evidences (static before dynamic); evidence of unknown names comes
// last, in the order given.
func UnionEvidence(lists ...[]Evidence) []Evidence {
	var ev []Evidence
	for _, e := range slices.Concat(lists...) {
		if !slices.Contains(ev, e) {
			ev = append(ev, e)
		}
	}
	slices.SortStableFunc(ev, func(a, b Evidence) int { return cmp.Compare(evidenceRank(a), evidenceRank(b)) })
	return ev
}

func evidenceRank(e Evidence) int {
	if i := slices.Index(Evidences, e); i >= 0 {
		return i
	}
	return len(Evidences)
}

// JoinEvidence lists evidence for display: "static, dynamic".
func JoinEvidence(ev []Evidence) string {
	names := make([]string, len(ev))
	for i, e := range ev {
		names[i] = string(e)
	}
	return strings.Join(names, ", ")
}
