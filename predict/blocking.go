package predict

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
)

// Block is a blocking candidate: an order of two operations, not seen in
// the recorded runs, that can leave a goroutine blocked for good.
//
//   - Mixed (a lock held across a blocking operation): goroutine A holds
//     Class (taken at HeldAt) at a channel operation, WaitGroup Wait or
//     Cond Wait (at OpAt); another goroutine takes Class at PartnerAt. If
//     A takes the lock first, the other waits for it while A waits for
//     what the other would do after it. Not when, every time, a goroutine
//     A made completed the operation before anything of its that could
//     block (a started handshake): it completes whatever the schedule.
//   - Blocked (a lost wakeup): goroutine A waits on a Cond at OpAt,
//     having taken c.L at HeldAt; another goroutine signals at PartnerAt.
//     If the Signal comes before A's Lock, A waits for good.
//   - Blocked (an abandoned partner): goroutine A's unbuffered channel
//     operation at OpAt was completed by a select at PartnerAt that has
//     other cases. If the select takes another case first (a timeout, a
//     ctx.Done(), a stop channel), A may wait for good. Others are the
//     operations of other goroutines that completed the select's other
//     cases (a close of the stop channel, a send on it), HeldAt A's step
//     before OpAt.
//   - Blocked, of a Shape (shapes.go): a WaitGroup Add that can come
//     after the Wait, a Cond signalled without c.L, a receive completed
//     by a send with a default.
//
// The directed strategy aims at it by holding back the goroutine whose
// operation must come second (Target.Postpone) until the other's has
// happened (Target.Until), or, for an abandoned partner, until nothing
// else can happen (and the operations that ready the select's other
// cases until A has taken its step before OpAt: see Predictions).
type Block struct {
	Class     string        // mixed: the lock held across the operation
	HeldAt    report.Site   // mixed: where A took it
	OpAt      report.Site   // A's operation
	Mode      int           // its trace.Comm* bits
	PartnerAt []report.Site // the other goroutines' acquisitions (mixed) or selects (blocked)
	// Others: an abandoned partner's select's other cases' partners.
	Others []report.Site
	// Shape is one of the Shape* candidates, "" for the others.
	Shape string
	// Flip: an order flip (Flips), not a blocking candidate.
	Flip bool
	// Waiter is the creation site of A's goroutine.
	Waiter string
	// Selector, for an abandoned partner: the creation site of the
	// select's goroutine.
	Selector string
	// Creators are the creation sites of A's goroutine and the partners'
	// (TestGoroutine for the test's own).
	Creators []string
}

// BlockFinder collects blocking candidates from traces (the comm events
// with the acquisitions and happens-before edges around them).
type BlockFinder struct {
	// seen holds the orders "site a, then site b by another goroutine"
	// in which a lock passed between goroutines; flips, the first
	// sighting of each with its goroutines.
	seen  map[[2]report.Site]bool
	flips []flip
	// stoppers are the loops' receivers and their stoppers (Stoppers).
	stoppers []*stopper
	runs     []Run
	run      *blockRun
	cands    map[string]*Prediction
	order    []string
	// others holds, per select site, the sites of the operations by
	// which other goroutines completed it (a close, a plain send or
	// receive), in order of first sight.
	others map[report.Site][]report.Site
	// siblings holds, per send site and creation site, the orders in
	// which two goroutines made there sent there on one buffered channel
	// (sendDone), in order of first sight.
	siblings     map[sibling]*siblingOrder
	siblingOrder []sibling
}

// sibling is a buffered channel's send site and the creation site of the
// goroutines sending there: workers racing for a slot of a semaphore.
type sibling struct {
	site    report.Site
	creator string
}

// siblingOrder says which of two siblings sent first, in the recorded
// runs: the one created first, or the one created later.
type siblingOrder struct {
	earlierFirst, laterFirst bool
	run                      int
}

// blockRun is the state of the run being read.
type blockRun struct {
	idx     int
	loops   *stopRun            // for the stopper aims
	creator map[int]string      // goroutine → creation site
	locks   map[int]string      // lock id → class
	held    map[int][]heldAt    // goroutine → locks held, in order
	last    map[int]commAt      // goroutine → its last comm event
	closed  map[int]report.Site // goroutine → its last close of a channel
	across  []acrossRec
	// acrossSeen holds the records of across.
	acrossSeen map[acrossRec]bool
	lastAcq    map[int]acqRec      // lock id → its last acquisition
	lastRel    map[int]report.Site // goroutine → where it took the lock it released last
	waits      []condWait          // Cond waits, with the Lock of c.L before them
	signals    []acqRec            // Cond signals and broadcasts
	fired      []report.Site       // creation sites of the timers fired so far
	stops      []report.Site       // sites of the Stops and Resets so far
	acqs       map[string][]acqRec // class → acquisitions
	acqSeen    map[classAcq]bool   // the acquisitions of acqs
	// seq numbers the run's events; hb holds its happens-before edges.
	seq int
	hb  hbGraph
	wg  wgRun
	// lastRelLock is the lock id each goroutine released last (c.L at a
	// Cond Wait); sigLocks the locks each took since its last Signal;
	// condSigs the Signals with the locks around them.
	lastRelLock map[int]int
	sigLocks    map[int][]int
	condSigs    []condSignal
	// steps holds the trace site ids (plus one; 0: none) of each
	// goroutine's last traced step and the one before (its creation site
	// stands for its start).
	steps map[int][2]int
	// sites caches the trace's site ids.
	sites map[int]report.Site
	// sending holds each goroutine's plain send on a buffered channel
	// that has not shown done yet (the goroutine's next event does);
	// sent, each such channel's (comm object's) last send done.
	sending map[int]sendRec
	sent    map[int]acqRec
	// parent holds each goroutine's maker.
	parent map[int]int
	// mayBlock counts each goroutine's events that could block (locks,
	// blocking comms); before, the count each goroutine's last comm on a
	// channel (goroutine, comm object) found before it (clean, below).
	mayBlock map[int]int
	before   map[[2]int]int
	// pending holds the held-across records of each goroutine's channel
	// operation (and its comm object) until an hb edge completes it;
	// dirty, the records of which some instance was not completed
	// cleanly (by a goroutine the holder made, before anything of its
	// that could block).
	pending map[int]pendingOp
	dirty   map[acrossRec]bool
}

// pendingOp is a channel operation's held-across records.
type pendingOp struct {
	obj  int
	recs []acrossRec
}

// clean reports whether goroutine x, made by y, did nothing that could
// block before its operation on channel obj: it completes y's whatever
// the schedule (a started-handshake).
func (r *blockRun) clean(x, y, obj int) bool {
	n, ok := r.before[[2]int{x, obj}]
	return ok && n == 0 && r.parent[x] == y
}

// sendRec is a plain send at site on the buffered channel obj.
type sendRec struct {
	site report.Site
	obj  int
}

type heldAt struct {
	lock int
	site report.Site
}

type commAt struct {
	site report.Site
	mode int
}

type acrossRec struct {
	g      int
	class  string
	heldAt report.Site
	op     commAt
}

// condWait is a Cond Wait at site wait by goroutine g, whose Lock of
// c.L (the lock it released last) was at lock.
type condWait struct {
	g          int
	lock, wait report.Site
	lockID     int // c.L's lock id, -1 if unknown
	obj        int // the Cond, 0 if the trace does not say
}

// classAcq is an acquisition of a lock class (blockRun.acqSeen).
type classAcq struct {
	class string
	acqRec
}

type acqRec struct {
	g    int
	site report.Site
}

// NewBlockFinder returns an empty BlockFinder.
func NewBlockFinder() *BlockFinder {
	return &BlockFinder{cands: map[string]*Prediction{}, seen: map[[2]report.Site]bool{}, others: map[report.Site][]report.Site{}}
}

// flip is a lock handed from one goroutine (at site a) to another (at
// site b), with the run and creators.
type flip struct {
	class  string
	a, b   report.Site
	ca, cb string
	run    int
	timer  bool // a is a timer's creation site, b a Stop's
}

// handover notes that lock class c went from acquisition p to a.
func (b *BlockFinder) handover(c string, p, a acqRec) {
	k := [2]report.Site{p.site, a.site}
	if b.seen[k] {
		return
	}
	b.seen[k] = true
	r := b.run
	b.flips = append(b.flips, flip{class: c, a: p.site, b: a.site, ca: r.creatorOf(p.g), cb: r.creatorOf(a.g), run: r.idx})
}

// stopped notes a timer Stop or Reset at s by goroutine g: a timer that
// fired before it, and never after a Stop there, is an order flip (the
// Stop first, so the timer's receiver may wait for good).
func (b *BlockFinder) stopped(s report.Site, g int) {
	r := b.run
	for _, t := range r.fired {
		k := [2]report.Site{t, s}
		if !b.seen[k] {
			b.seen[k] = true
			b.flips = append(b.flips, flip{a: t, b: s, ca: "timer", cb: r.creatorOf(g), run: r.idx, timer: true})
		}
	}
	for _, t := range r.stops {
		if t == s {
			return
		}
	}
	r.stops = append(r.stops, s)
}

// sendDone notes that goroutine g's plain send at s on the buffered
// channel obj was done: after another goroutine's send there, made at
// the same creation site, it notes which of the two siblings was created
// first.
func (b *BlockFinder) sendDone(g int, s report.Site, obj int) {
	r := b.run
	p, ok := r.sent[obj]
	r.sent[obj] = acqRec{g, s}
	if !ok || p.g == g || p.site != s || r.creatorOf(p.g) != r.creatorOf(g) {
		return
	}
	k := sibling{s, r.creatorOf(g)}
	o := b.siblings[k]
	if o == nil {
		o = &siblingOrder{run: r.idx}
		if b.siblings == nil {
			b.siblings = map[sibling]*siblingOrder{}
		}
		b.siblings[k] = o
		b.siblingOrder = append(b.siblingOrder, k)
	}
	if p.g < g { // goroutine ids follow creation
		o.earlierFirst = true
	} else {
		o.laterFirst = true
	}
}

// maxBlocking bounds the blocking candidates of a package's traces, so
// that a large package's hunt grows by at most maxBlocking aims of a few
// runs each (mixed ones, which name a lock, first).
const maxBlocking = 8

// maxFlips bounds the order flips a package's traces propose.
const maxFlips = 4

// Flips returns order-flip candidates: a lock that passed from a
// goroutine at site A to another at site B, and never from B to A in any
// recorded run. Flipping the order (B's acquisition first) is what an
// unrecorded interleaving most often needs when the goroutine at B then
// blocks holding the lock, or A's goroutine waits for B's (a lock taken
// by a timer's goroutine before or after the caller's). They are aims
// only, not findings: nothing says they block. At most maxFlips, those
// between goroutines of different creation sites first.
func (b *BlockFinder) Flips() []*Prediction {
	var out []*Prediction
	for pass := 0; pass < 2 && len(out) < maxFlips; pass++ {
		for _, f := range b.flips {
			if len(out) == maxFlips {
				break
			}
			if b.seen[[2]report.Site{f.b, f.a}] || (f.ca != f.cb) != (pass == 0) {
				continue
			}
			cr := slices.Compact(slices.Sorted(slices.Values([]string{f.ca, f.cb})))
			var classes []string
			if f.timer {
				cr = []string{f.cb}
			} else {
				classes = []string{f.class}
			}
			c := &Prediction{Kind: report.Blocked, Level: Instance, Classes: classes, Runs: []Run{b.runs[f.run]},
				Block: &Block{Class: f.class, HeldAt: f.b, OpAt: f.a, PartnerAt: []report.Site{f.a}, Waiter: f.ca, Creators: cr, Flip: true}}
			c.Target = Target{Classes: classes, Sites: sortSites([]report.Site{f.a, f.b}), Goroutines: cr,
				Postpone: []string{f.a.String()}, Until: []string{f.b.String()}}
			c.Goroutines = len(cr)
			c.Evidence = []string{fmt.Sprintf("%s passed from %s to %s, never the other way", f.class, f.a, f.b)}
			if f.timer {
				c.Evidence = []string{fmt.Sprintf("the timer created at %s fired before the Stop or Reset at %s, never after", f.a, f.b)}
			}
			out = append(out, c)
		}
	}
	for _, k := range b.siblingOrder {
		if len(out) == maxFlips {
			break
		}
		if o := b.siblings[k]; o.earlierFirst && !o.laterFirst {
			out = append(out, siblingFlip(k, b.runs[o.run]))
		}
	}
	return out
}

// siblingFlip is the order flip of two goroutines made at one site that
// always sent on a buffered channel at k.site in the order they were
// made: the first to arrive there is held until another has sent, so
// the later one takes the slot first (a semaphore taken out of turn,
// while the first may hold what the later one needs next).
func siblingFlip(k sibling, run Run) *Prediction {
	c := &Prediction{Kind: report.Blocked, Level: Instance, Runs: []Run{run},
		Block: &Block{HeldAt: k.site, OpAt: k.site, Mode: trace.CommSend, PartnerAt: []report.Site{k.site}, Waiter: k.creator, Creators: []string{k.creator}, Flip: true}}
	c.Target = Target{Sites: []report.Site{k.site}, Goroutines: []string{k.creator},
		Postpone: []string{k.site.String()}, Until: []string{k.site.String()}}
	c.Goroutines = 2
	c.Evidence = []string{fmt.Sprintf("the goroutines created at %s sent on a buffered channel at %s in the order they were created, never the other way", k.creator, k.site)}
	return c
}

// ReadFrom adds every event of a trace.
func (b *BlockFinder) ReadFrom(r *trace.Reader) error {
	b.finishRun()
	sites := map[int]report.Site{}
	for {
		e, err := r.ReadEvent()
		if errors.Is(err, io.EOF) {
			b.finishRun()
			return nil
		}
		if err != nil {
			return err
		}
		b.event(e, r.Table(), sites)
	}
}

func (b *BlockFinder) event(e trace.Event, tab *trace.Table, sites map[int]report.Site) {
	site := func(id int) report.Site {
		s, ok := sites[id]
		if !ok {
			ts, _ := tab.Site(id)
			s = siteOf(ts)
			sites[id] = s
		}
		return s
	}
	if e.Op == trace.OpRun {
		b.finishRun()
		b.runs = append(b.runs, Run{N: e.ID, Test: e.Name})
		b.run = &blockRun{idx: len(b.runs) - 1, loops: newStopRun(), creator: map[int]string{}, locks: map[int]string{},
			held: map[int][]heldAt{}, last: map[int]commAt{}, closed: map[int]report.Site{}, acqs: map[string][]acqRec{}, acqSeen: map[classAcq]bool{}, acrossSeen: map[acrossRec]bool{}, lastAcq: map[int]acqRec{}, lastRel: map[int]report.Site{},
			lastRelLock: map[int]int{}, steps: map[int][2]int{}, sending: map[int]sendRec{}, sent: map[int]acqRec{},
			parent: map[int]int{}, mayBlock: map[int]int{}, before: map[[2]int]int{}, pending: map[int]pendingOp{}, dirty: map[acrossRec]bool{}}
		return
	}
	r := b.run
	if r == nil {
		return
	}
	r.seq++
	switch e.Op {
	case trace.OpAcq, trace.OpRAcq, trace.OpWait, trace.OpRWait, trace.OpComm:
		if e.G > 0 {
			r.steps[e.G] = [2]int{e.Site + 1, r.steps[e.G][0]}
			r.loops.stopEvent(e.Op, e.G, e.Mode, e.Obj, e.Site, site)
		}
	}
	switch e.Op {
	case trace.OpAcq, trace.OpRAcq, trace.OpWait, trace.OpRWait, trace.OpComm, trace.OpGo, trace.OpRel, trace.OpRRel:
		if s, ok := r.sending[e.G]; ok { // a step after its send: the send is done
			delete(r.sending, e.G)
			b.sendDone(e.G, s.site, s.obj)
		}
	}
	switch e.Op {
	case trace.OpLock:
		r.locks[e.ID] = e.Name
	case trace.OpGo:
		r.creator[e.Peer] = site(e.Site).String()
		r.parent[e.Peer] = e.G
		r.steps[e.Peer] = [2]int{e.Site + 1}
		r.hb.add(e.G, e.Peer, r.seq)
		r.wg.started(e.G)
	case trace.OpAcq, trace.OpRAcq:
		s := site(e.Site)
		r.held[e.G] = append(r.held[e.G], heldAt{e.Lock, s})
		c := r.locks[e.Lock]
		a := acqRec{e.G, s}
		r.addAcq(c, a)
		if p, ok := r.lastAcq[e.Lock]; ok && p.g != e.G {
			b.handover(c, p, a)
		}
		r.lastAcq[e.Lock] = a
		r.mayBlock[e.G]++
		r.tookLock(e.G, e.Lock)
	case trace.OpWait, trace.OpRWait: // a goroutine left waiting for the lock wanted it all the same
		r.mayBlock[e.G]++
		c := r.locks[e.Lock]
		r.addAcq(c, acqRec{e.G, site(e.Site)})
	case trace.OpRel, trace.OpRRel:
		hs := r.held[e.G]
		for i := len(hs) - 1; i >= 0; i-- {
			if hs[i].lock == e.Lock {
				r.lastRel[e.G] = hs[i].site
				r.lastRelLock[e.G] = e.Lock
				r.held[e.G] = slices.Delete(hs, i, i+1)
				break
			}
		}
	case trace.OpComm:
		op := commAt{site(e.Site), e.Mode}
		if e.Mode&trace.CommFire != 0 {
			r.fired = append(r.fired, op.site)
			for _, st := range r.stops {
				b.seen[[2]report.Site{st, op.site}] = true
			}
			return
		}
		if e.Mode&trace.CommTimerStop != 0 {
			b.stopped(op.site, e.G)
			return
		}
		if e.Mode&(trace.CommWGAdd|trace.CommWGDone|trace.CommWGWait) != 0 {
			r.wgEvent(e, op.site, r.seq)
			if e.Mode&trace.CommWGWait == 0 {
				return
			}
		}
		r.last[e.G] = op
		r.settle(e.G)
		if e.Obj != 0 {
			r.before[[2]int{e.G, e.Obj}] = r.mayBlock[e.G]
		}
		if trace.Blocks(e.Mode) {
			r.mayBlock[e.G]++
		}
		if e.Mode&trace.CommClose != 0 {
			r.closed[e.G] = op.site
		}
		if e.Mode&trace.CommCondWait != 0 {
			if l, ok := r.lastRel[e.G]; ok {
				id, known := r.lastRelLock[e.G]
				if !known {
					id = -1
				}
				r.waits = append(r.waits, condWait{e.G, l, op.site, id, e.Obj})
			}
		}
		if e.Mode&trace.CommSignal != 0 {
			r.signals = append(r.signals, acqRec{e.G, op.site})
			if e.Obj != 0 {
				r.signalled(e.G, e.Obj, op.site)
			}
		}
		if e.Mode&(trace.CommSend|trace.CommRecv|trace.CommSelect|trace.CommDefault|trace.CommUnbuffered) == trace.CommSend && e.Obj != 0 {
			r.sending[e.G] = sendRec{op.site, e.Obj} // arrived: done at its next step
		}
		if !trace.Blocks(e.Mode) || e.Mode&(trace.CommSend|trace.CommRecv) != 0 && e.Mode&trace.CommUnbuffered == 0 {
			return // a buffered channel's operation blocks only when it is full (or empty): left to the search
		}
		chanOp := e.Obj != 0 && e.Mode&(trace.CommSend|trace.CommRecv) != 0 && e.Mode&(trace.CommWGWait|trace.CommCondWait) == 0
		for _, h := range r.held[e.G] {
			a := acrossRec{e.G, r.locks[h.lock], h.site, op}
			if !r.acrossSeen[a] {
				r.acrossSeen[a] = true
				r.across = append(r.across, a)
			}
			if chanOp {
				r.pending[e.G] = pendingOp{e.Obj, append(r.pending[e.G].recs, a)}
			} else {
				r.dirty[a] = true
			}
		}
	case trace.OpHB:
		if p, ok := r.pending[e.Peer]; ok && !r.clean(e.G, e.Peer, p.obj) {
			r.settle(e.Peer)
		}
		delete(r.pending, e.Peer)
		r.hb.add(e.G, e.Peer, r.seq)
		b.pair(e.G, e.Peer, site)
		b.completed(e.G, e.Peer, site)
	}
}

// completed looks at a happens-before edge from goroutine x to y: if y's
// last step was a select with several cases, x's operation that
// completed it (its last comm if a plain channel operation, else its
// last close) is one of the select's partners (BlockFinder.others).
func (b *BlockFinder) completed(x, y int, site func(int) report.Site) {
	r := b.run
	s, ok := r.last[y]
	if !ok || s.mode&trace.CommSelect == 0 || r.steps[y][0] == 0 || site(r.steps[y][0]-1) != s.site {
		return
	}
	var op report.Site
	if a, ok := r.last[x]; ok && a.mode&(trace.CommSend|trace.CommRecv) != 0 && a.mode&(trace.CommSelect|trace.CommDefault) == 0 {
		op = a.site
	} else if c, ok := r.closed[x]; ok {
		op = c
	} else {
		return
	}
	if l := b.others[s.site]; !slices.Contains(l, op) && len(l) < maxOthers {
		b.others[s.site] = append(l, op)
	}
}

// maxOthers bounds the partners kept per select site.
const maxOthers = 8

// pair looks at a happens-before edge between two goroutines' channel
// operations: one of them a select with other cases, the other a plain
// unbuffered operation, makes an abandoned-partner candidate.
func (b *BlockFinder) pair(x, y int, site func(int) report.Site) {
	r := b.run
	_, okx := r.last[x]
	_, oky := r.last[y]
	if !okx || !oky {
		return
	}
	for _, p := range [2][2]int{{x, y}, {y, x}} {
		a, s := r.last[p[0]], r.last[p[1]]
		if a.mode&(trace.CommSelect|trace.CommDefault) != 0 || a.mode&trace.CommUnbuffered == 0 || !trace.Blocks(a.mode) {
			continue
		}
		if s.mode&trace.CommSelect == 0 {
			if s.mode&trace.CommDefault != 0 && s.mode&trace.CommSend != 0 && s.mode&trace.CommUnbuffered != 0 && a.mode&trace.CommRecv != 0 {
				var before report.Site
				if id := r.steps[p[0]][1]; id > 0 {
					before = site(id - 1)
				}
				b.add(report.Blocked, Block{Shape: ShapeLateReceive, HeldAt: before, OpAt: a.site, Mode: a.mode, PartnerAt: []report.Site{s.site},
					Waiter: r.creatorOf(p[0]), Creators: []string{r.creatorOf(p[0]), r.creatorOf(p[1])}})
			}
			continue
		}
		var before report.Site
		if id := r.steps[p[0]][1]; id > 0 && site(r.steps[p[0]][0]-1) == a.site {
			before = site(id - 1)
		}
		b.add(report.Blocked, Block{HeldAt: before, OpAt: a.site, Mode: a.mode, PartnerAt: []report.Site{s.site},
			Waiter: r.creatorOf(p[0]), Selector: r.creatorOf(p[1]), Creators: []string{r.creatorOf(p[0]), r.creatorOf(p[1])}})
	}
}

// settle marks the held-across records of g's channel operation that
// no hb edge completed dirty: it completed some other way, or never.
func (r *blockRun) settle(g int) {
	for _, a := range r.pending[g].recs {
		r.dirty[a] = true
	}
	delete(r.pending, g)
}

func (r *blockRun) creatorOf(g int) string {
	if c, ok := r.creator[g]; ok {
		return c
	}
	return TestGoroutine
}

// addAcq adds a, an acquisition of class c, unless the run has it.
func (r *blockRun) addAcq(c string, a acqRec) {
	if k := (classAcq{c, a}); !r.acqSeen[k] {
		r.acqSeen[k] = true
		r.acqs[c] = append(r.acqs[c], a)
	}
}

// partners collects a candidate's partner sites and their goroutines'
// creation sites, each once, in order of first sight (thousands of
// goroutines may share a few sites).
type partners struct {
	sites    []report.Site
	creators []string
	seen     map[report.Site]bool
	seenC    map[string]bool
}

func (p *partners) add(s report.Site, creator string) {
	if p.seen == nil {
		p.seen, p.seenC = map[report.Site]bool{}, map[string]bool{}
	}
	if !p.seen[s] {
		p.seen[s] = true
		p.sites = append(p.sites, s)
	}
	if !p.seenC[creator] {
		p.seenC[creator] = true
		p.creators = append(p.creators, creator)
	}
}

// finishRun turns the run's locks held across blocking operations into
// mixed candidates: one per lock class and operation site, with every
// acquisition of the class by another goroutine of the run.
func (b *BlockFinder) finishRun() {
	r := b.run
	b.run = nil
	if r == nil {
		return
	}
	for g := range r.pending {
		r.settle(g)
	}
	for _, a := range r.across {
		if !r.dirty[a] {
			continue // each time held across a handshake that always completes
		}
		bl := Block{Class: a.class, HeldAt: a.heldAt, OpAt: a.op.site, Mode: a.op.mode, Waiter: r.creatorOf(a.g)}
		var ps partners
		for _, q := range r.acqs[a.class] {
			if q.g != a.g {
				ps.add(q.site, r.creatorOf(q.g))
			}
		}
		bl.PartnerAt, bl.Creators = ps.sites, union([]string{bl.Waiter}, ps.creators)
		if len(bl.PartnerAt) > 0 {
			b.addRun(report.Mixed, bl, r.idx)
		}
	}
	b.wgCandidates(r)
	b.finishStops(r)
	for _, w := range r.waits { // a Signal that can come before the Wait: lost wakeup
		b.condCandidates(r, w)
		bl := Block{HeldAt: w.lock, OpAt: w.wait, Mode: trace.CommCondWait, Waiter: r.creatorOf(w.g)}
		var ps partners
		for _, sg := range r.signals {
			if sg.g != w.g {
				ps.add(sg.site, r.creatorOf(sg.g))
			}
		}
		bl.PartnerAt, bl.Creators = ps.sites, union([]string{bl.Waiter}, ps.creators)
		if len(bl.PartnerAt) > 0 {
			b.addRun(report.Blocked, bl, r.idx)
		}
	}
}

func (b *BlockFinder) add(k report.Kind, bl Block) { b.addRun(k, bl, b.run.idx) }

// addRun adds a candidate seen in run i, merging it with one of the same
// kind, class and operation site.
func (b *BlockFinder) addRun(k report.Kind, bl Block, i int) {
	key := string(k) + "\x00" + bl.Class + "\x00" + bl.OpAt.String()
	if bl.Shape != "" {
		key += "\x00" + bl.Shape
	}
	c := b.cands[key]
	if c == nil {
		c = &Prediction{Kind: k, Level: Instance, Block: &Block{Class: bl.Class, HeldAt: bl.HeldAt, OpAt: bl.OpAt, Mode: bl.Mode, Waiter: bl.Waiter, Selector: bl.Selector, Shape: bl.Shape}}
		if bl.Class != "" {
			c.Classes = []string{bl.Class}
		}
		b.cands[key] = c
		b.order = append(b.order, key)
	}
	for _, s := range bl.PartnerAt {
		if !slices.Contains(c.Block.PartnerAt, s) {
			c.Block.PartnerAt = append(c.Block.PartnerAt, s)
		}
	}
	c.Block.Creators = union(c.Block.Creators, bl.Creators)
	if run := b.runs[i]; !slices.Contains(c.Runs, run) {
		c.Runs = append(c.Runs, run)
	}
}

// Predictions returns the candidates in order of first sight, each with
// its target.
func (b *BlockFinder) Predictions() []*Prediction {
	b.finishRun()
	var out []*Prediction
	slices.SortStableFunc(b.order, func(x, y string) int { // mixed first: they name a lock
		cx, cy := b.cands[x], b.cands[y]
		if d := kindRank(cx.Kind) - kindRank(cy.Kind); d != 0 {
			return d
		}
		return shapeRank(cx.Block.Shape) - shapeRank(cy.Block.Shape)
	})
	for i, k := range b.order {
		if i == maxBlocking {
			break
		}
		c := b.cands[k]
		bl := c.Block
		slices.Sort(bl.Creators)
		t := Target{Goroutines: bl.Creators}
		for _, s := range bl.PartnerAt {
			addPos(&t.Sites, s)
		}
		if bl.Shape != "" {
			shapeTarget(&t, bl)
		} else if c.Kind == report.Mixed {
			t.Classes = []string{bl.Class}
			t.Postpone = posList(bl.PartnerAt)
			t.Until = []string{bl.HeldAt.String()}
			addPos(&t.Sites, bl.HeldAt)
		} else if bl.Mode == trace.CommCondWait {
			t.Postpone = []string{bl.HeldAt.String()}
			t.Until = posList(bl.PartnerAt)
			addPos(&t.Sites, bl.HeldAt)
		} else {
			t.Postpone = []string{bl.OpAt.String()}
			addPos(&t.Sites, bl.OpAt)
			b.abandonTarget(&t, bl)
			if bl.Selector != "" && bl.Selector != TestGoroutine {
				t.First = []string{bl.Selector}
			}
		}
		t.Sites = sortSites(t.Sites)
		c.Target = t
		c.Goroutines = len(bl.Creators)
		c.Evidence = []string{c.blockMessage()}
		out = append(out, c)
	}
	return out
}

// abandonTarget adds to an abandoned partner's target the operations
// that ready its select's other cases (a close of a stop channel): they
// are held back until A has taken its step before OpAt (HeldAt), so that
// A is at OpAt, itself held, when the select finds another case ready.
// Left alone, a goroutine outside the ordered ones (the test's, calling
// Stop) runs first and readies the other case before A gets there: A's
// own select then sees it too, and A never waits at OpAt.
func (b *BlockFinder) abandonTarget(t *Target, bl *Block) {
	if bl.HeldAt.IsZero() {
		return
	}
	for _, p := range bl.PartnerAt {
		for _, o := range b.others[p] {
			if o != bl.OpAt && !slices.Contains(bl.Others, o) {
				bl.Others = append(bl.Others, o)
			}
		}
	}
	if len(bl.Others) == 0 {
		return
	}
	t.Postpone = posList(append([]report.Site{bl.OpAt}, bl.Others...))
	t.Until = []string{bl.HeldAt.String()}
}

func addPos(list *[]report.Site, s report.Site) {
	if !slices.Contains(*list, s) {
		*list = append(*list, s)
	}
}

func posList(ss []report.Site) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.String())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// blockMessage says what the candidate is.
func (c *Prediction) blockMessage() string {
	bl := c.Block
	if bl.Shape != "" {
		return shapeMessage(bl)
	}
	if c.Kind == report.Mixed {
		return fmt.Sprintf("%s held (since %s) across %s at %s; another goroutine takes it at %s",
			bl.Class, bl.HeldAt, commName(bl.Mode), bl.OpAt, siteList(bl.PartnerAt))
	}
	if bl.Mode == trace.CommCondWait {
		return fmt.Sprintf("Cond.Wait at %s (c.L taken at %s) is signalled at %s: a Signal before the Wait is lost",
			bl.OpAt, bl.HeldAt, siteList(bl.PartnerAt))
	}
	return fmt.Sprintf("%s at %s was completed by a select with other cases at %s: if the select takes another case first, it may wait for good",
		commName(bl.Mode), bl.OpAt, siteList(bl.PartnerAt))
}

func siteList(ss []report.Site) string {
	var out []string
	for _, s := range ss {
		out = append(out, s.String())
	}
	return strings.Join(out, ", ")
}

// commName names an operation by its comm mode.
func commName(m int) string {
	switch {
	case m&trace.CommSelect != 0:
		return "a select"
	case m&trace.CommSend != 0:
		return "a channel send"
	case m&trace.CommRecv != 0:
		return "a channel receive"
	case m&trace.CommWGWait != 0:
		return "WaitGroup.Wait"
	case m&trace.CommCondWait != 0:
		return "Cond.Wait"
	}
	return "a communication"
}

// blockFinding is Finding for a blocking candidate. A mixed candidate's
// ID is that of a confirmed mixed deadlock over its lock; an abandoned
// partner's, that of a blocked deadlock of its goroutines (see
// driver.findingID).
func (c *Prediction) blockFinding(pkg string) report.Finding {
	bl := c.Block
	if bl.Flip {
		return report.Finding{ID: report.ComputeID(c.Kind, pkg, []string{"flip " + bl.OpAt.String() + " " + bl.HeldAt.String()}),
			Kind: c.Kind, Status: report.PredictedDynamic, Package: pkg, Message: c.Evidence[0], Evidence: []report.Evidence{report.Dynamic}}
	}
	f := report.Finding{Kind: c.Kind, Status: report.PredictedDynamic, Package: pkg, Message: c.blockMessage(),
		Evidence: []report.Evidence{report.Dynamic}, Support: c.Goroutines}
	if tests := c.tests(); len(tests) == 1 {
		f.Test = tests[0]
	}
	if c.Kind == report.Mixed {
		f.ID = report.ComputeID(c.Kind, pkg, c.Classes)
		f.Locks = []report.Lock{{Class: bl.Class, Sites: append([]report.Site{bl.HeldAt}, bl.PartnerAt...)}}
		return f
	}
	f.ID = report.ComputeID(c.Kind, pkg, []string{"created " + baseCreator(bl.Waiter)})
	return f
}

// baseCreator is a creation site with the file's base name.
func baseCreator(s string) string {
	return filepath.Base(s)
}
