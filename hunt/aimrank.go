package hunt

import (
	"slices"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// rankAims orders each test's aims so that the predictions the static
// analyzer and the traces agree on run first, then those of the traces
// alone, then the static analyzer's alone (aimStatic); the order within
// each group is kept.
func (pr *predictions) rankAims() {
	rank := map[string]int{}
	for _, f := range pr.merged {
		dyn, stat := slices.Contains(f.Evidence, report.Dynamic), slices.Contains(f.Evidence, report.Static)
		switch {
		case dyn && stat:
			rank[f.ID] = 0
		case dyn:
			rank[f.ID] = 1
		default:
			rank[f.ID] = 2
		}
	}
	for _, aims := range pr.Aims {
		slices.SortStableFunc(aims, func(a, b driver.Aim) int { return rankOf(rank, a.ID) - rankOf(rank, b.ID) })
	}
}

// rankOf is an aim's rank; an aim that is no finding (an order flip)
// comes with the traces' own.
func rankOf(rank map[string]int, id string) int {
	if r, ok := rank[id]; ok {
		return r
	}
	return 1
}
