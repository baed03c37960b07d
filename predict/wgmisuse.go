package predict

import (
	"fmt"
	"slices"

	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
)

// The shapes of the blocking candidates beyond a lock held across an
// operation and a select's abandoned partner (Block.Shape).
const (
	// ShapeWGAdd: a WaitGroup Add by one goroutine and a Wait by another
	// that no happens-before orders: the Wait can come first and return
	// without waiting for what the Add counts (the Add inside the
	// goroutine it counts, or an Add after the Wait started while other
	// counts can end first). What then blocks is the counted goroutine,
	// whose partner went on.
	ShapeWGAdd = "wg-add"
	// ShapeCondUnlocked: a Cond Signal or Broadcast by a goroutine that
	// neither held c.L at it nor took c.L since its last Signal, so the
	// condition it announces was set under another lock or none: the
	// waiter can check the condition, be preempted before its Wait, and
	// miss the Signal, even when it waits in a loop.
	ShapeCondUnlocked = "cond-unlocked"
	// ShapeLateReceive: an unbuffered receive completed by a send in a
	// select with a default: had the receiver come later, the send would
	// have taken the default and the receiver waits for good. HeldAt is
	// the receiver's step before the receive. (A close cannot leave a
	// receiver waiting: one that comes after it returns at once.)
	ShapeLateReceive = "late-receive"
)

// shapeRank orders candidates of one kind: the shapes above name a
// specific order of two operations, so their aims come before the
// generic ones (an abandoned partner's) that share their finding.
func shapeRank(s string) int {
	if s == "" {
		return 1
	}
	return 0
}

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
// were for a child.
func (w *wgRun) started(g int) {
	for _, i := range w.pend[g] {
		w.adds[i].forChild = true
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

// shapeTarget sets the holds of a candidate of a Shape: the goroutine
// whose operation must come second is held at it until the other's has
// happened (or nothing else can step).
func shapeTarget(t *Target, bl *Block) {
	switch bl.Shape {
	case ShapeWGAdd:
		// The Add waits until nothing else can step: the Wait returns
		// first and its goroutine goes on to whatever the counted
		// goroutine would have needed (releasing it at the Wait's step
		// instead let it often add and hand its value over first).
		t.Postpone = []string{bl.OpAt.String()}
		for _, s := range bl.PartnerAt {
			addPos(&t.Sites, s)
		}
	case ShapeCondUnlocked:
		// The waiter, its condition checked, waits at its Wait for the
		// Signal. It must check before the signaller sets the condition:
		// left out of the ordered goroutines it runs first whenever it
		// can (directed's thread bounding), up to its hold, and no change
		// point demotes it at its Lock of c.L.
		t.Postpone = []string{bl.OpAt.String()}
		t.Until = posList(bl.PartnerAt)
		if gs := slices.DeleteFunc(slices.Clone(t.Goroutines), func(c string) bool { return c == bl.Waiter }); len(gs) > 0 {
			t.Goroutines = gs
		}
	case ShapeLateReceive:
		// The receiver comes after the send took its default. A receive
		// that arrives before its sender is filed as waiting, not held,
		// so the hold is at the receiver's step before it (its start,
		// when the receive is its first operation), and at the receive.
		t.Postpone = []string{bl.OpAt.String()}
		if !bl.HeldAt.IsZero() {
			t.Postpone = posList([]report.Site{bl.HeldAt, bl.OpAt})
			addPos(&t.Sites, bl.HeldAt)
		}
		t.Until = posList(bl.PartnerAt)
	}
	addPos(&t.Sites, bl.OpAt)
}

// shapeMessage says what a candidate of a Shape is.
func shapeMessage(bl *Block) string {
	switch bl.Shape {
	case ShapeWGAdd:
		return fmt.Sprintf("WaitGroup.Add at %s is not ordered before the Wait at %s: if the Wait comes first it returns without waiting for the goroutine counted there",
			bl.OpAt, siteList(bl.PartnerAt))
	case ShapeCondUnlocked:
		return fmt.Sprintf("Cond.Wait at %s (c.L taken at %s) is signalled at %s by a goroutine that does not take c.L: a Signal between the waiter's check of its condition and its Wait is lost",
			bl.OpAt, bl.HeldAt, siteList(bl.PartnerAt))
	case ShapeLateReceive:
		return fmt.Sprintf("%s at %s was completed by a send with a default at %s: if the receive comes later, the send takes its default and the receive waits for good",
			commName(bl.Mode), bl.OpAt, siteList(bl.PartnerAt))
	}
	return ""
}

// condSignal is a Signal or Broadcast by goroutine g on Cond obj, with
// the locks g held at it or took since its previous Signal.
type condSignal struct {
	g, obj int
	site   report.Site
	locks  []int
	many   bool // more locks than maxSignalLocks: taken as holding any
}

// maxSignalLocks bounds the locks noted per goroutine between Signals.
const maxSignalLocks = 64

// tookLock notes that goroutine g took lock id l (for its next Signal).
func (r *blockRun) tookLock(g, l int) {
	if r.sigLocks == nil {
		r.sigLocks = map[int][]int{}
	}
	ls := r.sigLocks[g]
	if len(ls) > maxSignalLocks || slices.Contains(ls, l) {
		return
	}
	r.sigLocks[g] = append(ls, l)
}

// signalled notes a Signal or Broadcast by g on obj.
func (r *blockRun) signalled(g, obj int, s report.Site) {
	ls := r.sigLocks[g]
	sg := condSignal{g: g, obj: obj, site: s, many: len(ls) > maxSignalLocks}
	sg.locks = slices.Clone(ls)
	for _, h := range r.held[g] {
		if !slices.Contains(sg.locks, h.lock) {
			sg.locks = append(sg.locks, h.lock)
		}
	}
	r.condSigs = append(r.condSigs, sg)
	delete(r.sigLocks, g)
}

// condCandidates adds a ShapeCondUnlocked candidate for every Cond Wait
// signalled by another goroutine that took no lock of c.L's id.
func (b *BlockFinder) condCandidates(r *blockRun, w condWait) {
	if w.obj == 0 || w.lockID < 0 {
		return
	}
	bl := Block{Shape: ShapeCondUnlocked, HeldAt: w.lock, OpAt: w.wait, Mode: trace.CommCondWait, Waiter: r.creatorOf(w.g), Creators: []string{r.creatorOf(w.g)}}
	for _, sg := range r.condSigs {
		if sg.g == w.g || sg.obj != w.obj || sg.many || slices.Contains(sg.locks, w.lockID) {
			continue
		}
		addPos(&bl.PartnerAt, sg.site)
		bl.Creators = append(bl.Creators, r.creatorOf(sg.g))
	}
	if len(bl.PartnerAt) > 0 {
		b.addRun(report.Blocked, bl, r.idx)
	}
}
