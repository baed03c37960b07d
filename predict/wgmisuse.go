package predict

import (
	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
)

// wgRun is what a run's trace says about its WaitGroups.
type wgRun struct {
	adds, waits []wgOp
	pend        map[int][]int // goroutine → indexes of its Adds not yet followed by its own Done
}

// wgOp is an Add or a Wait: goroutine g at event at, on WaitGroup obj.
type wgOp struct {
	g, at, obj int
	site       report.Site
	// forChild: the adding goroutine started another goroutine after
	// the Add; covered: and then called Done itself, so its own count
	// kept the counter above zero while it added (an Add for a child by
	// a counted goroutine, which the WaitGroup documentation allows).
	forChild, covered bool
}

// maxWGChecks bounds the happens-before queries of a run.
const maxWGChecks = 256

// wgEvent notes a WaitGroup Add, Done or Wait (a comm event with obj).
func (r *blockRun) wgEvent(e trace.Event, s report.Site, at int) {
	w := &r.wg
	switch {
	case e.Mode&trace.CommWGAdd != 0:
		if w.pend == nil {
			w.pend = map[int][]int{}
		}
		w.pend[e.G] = append(w.pend[e.G], len(w.adds))
		w.adds = append(w.adds, wgOp{g: e.G, at: at, obj: e.Obj, site: s})
	case e.Mode&trace.CommWGDone != 0:
		keep := w.pend[e.G][:0]
		for _, i := range w.pend[e.G] {
			a := &w.adds[i]
			if a.obj != e.Obj {
				keep = append(keep, i)
			} else if a.forChild {
				a.covered = true
			}
		}
		w.pend[e.G] = keep
	case e.Mode&trace.CommWGWait != 0:
		w.waits = append(w.waits, wgOp{g: e.G, at: at, obj: e.Obj, site: s})
	}
}

// started notes that goroutine g started another: its pending Adds
// were for a child. Those marked by an earlier start are a prefix of its
// pending list (a Done keeps the order), so only the new ones are
// visited: a test that adds one and starts one, 37,000 times, made 37,000
// starts over an ever longer list.
func (w *wgRun) started(g int) {
	p := w.pend[g]
	for i := len(p) - 1; i >= 0 && !w.adds[p[i]].forChild; i-- {
		w.adds[p[i]].forChild = true
	}
}

// wgCandidates adds a ShapeWGAdd candidate for every Add and Wait of one
// WaitGroup, by different goroutines, that no happens-before orders
// either way (a Wait ordered before the Add returned before it: a reuse
// after the Wait, not a race). The candidate's waiter is the adding
// goroutine, the one left blocked when its partner went on.
func (b *BlockFinder) wgCandidates(r *blockRun) {
	checks := 0
	seen := map[[2]report.Site]bool{}
	for _, a := range r.wg.adds {
		if a.obj == 0 || a.covered {
			continue
		}
		for _, w := range r.wg.waits {
			if checks >= maxWGChecks {
				return
			}
			k := [2]report.Site{a.site, w.site}
			if w.obj != a.obj || w.g == a.g || seen[k] {
				continue
			}
			checks++
			if r.hb.before(a.g, a.at, w.g, w.at) || r.hb.before(w.g, w.at, a.g, a.at) {
				continue
			}
			seen[k] = true
			b.addRun(report.Blocked, Block{Shape: ShapeWGAdd, OpAt: a.site, Mode: trace.CommWGAdd, PartnerAt: []report.Site{w.site},
				Waiter: r.creatorOf(a.g), Creators: []string{r.creatorOf(a.g), r.creatorOf(w.g)}}, r.idx)
		}
	}
}
