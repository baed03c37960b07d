package predict

import (
	"slices"

	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
)

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
