package rt

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unsafe"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// explorer records, when the configuration asks for it ("explore"), what
// a run says about the test's schedule space: for every object two
// goroutines or more operated on, the order in which they completed their
// operations on it. Operations on different objects commute; only the
// per-object orders (of conflicting operations) tell two runs apart, the
// way partial-order reduction counts them. From one run it derives:
//   - a signature: equal for two runs that ordered every shared object's
//     conflicting operations alike (runs that only reorder independent
//     operations share it) and fired their timers and cancellations at
//     the same points of the goroutines' operations (cut);
//   - a shape: the goroutines' operation counts per shared object;
//   - orderings: how many signatures runs of this shape can have at most,
//     the product over the shared objects of the multinomial
//     (c1+…+cm)!/(c1!…cm!) of their per-goroutine counts; objects whose
//     order is forced count 1 and are left out of the signature;
//   - uncounted: why orderings cannot be bounded (a select over a shared
//     channel, a TryLock, a Once or Cond, …): the driver then claims
//     nothing.
//
// Forced: a channel used by one sending (or closing) goroutine and one
// receiving goroutine (the k-th receive gets the k-th send whatever the
// interleaving); a WaitGroup waited for by one goroutine that is also the
// only one adding to it (Done commutes with Done); a lock each of whose
// acquisitions was ordered after the previous one, by another goroutine,
// through other happens-before edges (explore_hb.go).
// Goroutines are named by their creation path (parent's name, `go` site,
// ordinal among the parent's children at that site), not by their IDs,
// which depend on the interleaving. The assumption is partial-order
// reduction's: goroutines share memory only through the instrumented
// objects (no data race), and a goroutine's operations depend only on what
// it saw of them.
//
// It sits off the hot path: the scheduler calls it once per completed
// operation (did) and once per goroutine (born), only when configured.
type explorer struct {
	kids map[[2]uint64]int // (parent name, site hash) -> children so far
	// objs are the records of objects other than channels, by address
	// (objAddr): the table keeps no test object alive. An address reused
	// after a collection joins the records of two objects that never
	// lived together, which only counts more orderings.
	objs map[uintptr]*objRecord
	// recs are the shared records (of objects two goroutines or more
	// operated on), in the order they came to be shared: all the summary
	// reads. The others live as long as their object's entry in objs or
	// its channel's model state (chanRec), which a collected channel's
	// is not.
	recs []*objRecord
	// last and lastRec cache the last lookup in objs (a loop's lock).
	last    uintptr
	lastRec *objRecord
	hb      hb // vector clocks (explore_hb.go)
	// choices counts the decisions that had an alternative: two enabled
	// goroutines or more, or one while a timer could fire or a goroutine
	// could come back from outside. A run with none had no scheduling
	// choice at all: every run of the test is this one.
	choices int
	// selects are the channel sets of the run's selects, each set once
	// (keyed by a hash of its sorted keys and whether it had a default),
	// with whether it had a default: summary checks how many of their
	// channels came to be shared.
	selects map[uint64]selectRec
	selBuf  []*objRecord // selected's list of a select's channels
	// uncounted is set when the run did something whose order the
	// per-object records cannot see: a timer, ticker, AfterFunc or
	// deadline fired (what it changed, a context's Err, a channel's
	// buffer, is read without a scheduling point), or a context was
	// cancelled.
	uncounted string
	// hbOff: the vector clocks are no longer kept (explore_hb.go, stopHB).
	hbOff bool
	data  dataChoices // the draws' small choices (draw.go)
	kinds kindSet     // the kinds of orderings the run showed (kinds.go)
	// drawKinds are the kinds of its data choices, apart: they tell
	// what a run drew, not what its goroutines did with it.
	drawKinds kindSet
	// cuts place in the signature the events no object's record orders
	// (cut); cutN numbers each event's occurrences.
	cuts []uint64
	cutN map[string]int
	// doneSum sums the finished goroutines' parts of a cut (cutSum);
	// liveBuf is its list of the others.
	doneSum uint64
	liveBuf []*g
}

// dataChoices are a run's small data choices: each multiplies the
// orderings by its number of values and enters the signature with the
// value taken (by goroutine name, site and the goroutine's draw index).
type dataChoices struct {
	n          int
	orderings  float64
	sigs       []uint64
	shapes     []uint64
	per        map[uint64]int // draws so far per goroutine name
	unexplored string         // the first draw no count of runs covers
}

// drew records x's draw of v among n values at s (n == 0: a 64-bit draw).
func (e *explorer) drew(x *g, src drawSource, s *Site, n, v uint64) {
	if n == 0 || n > maxChoice {
		what := "64-bit"
		if n > 0 {
			what = strconv.FormatUint(n, 10) + " values"
		}
		e.unexplored(fmt.Sprintf("a %s at %s (%s)", src, s, what))
		return
	}
	e.choice(x, s, float64(n), v)
}

// drewPerm records x's order p of a map or shuffle at s.
func (e *explorer) drewPerm(x *g, src drawSource, s *Site, p []int) {
	if len(p) > maxPermChoice {
		e.drewOrder(src, s, len(p))
		return
	}
	code := uint64(0)
	for _, i := range p {
		code = code*maxPermChoice + uint64(i)
	}
	e.choice(x, s, factorial(len(p)), code)
}

// drewOrder records an order of k > maxPermChoice entries: not counted.
func (e *explorer) drewOrder(src drawSource, s *Site, k int) {
	e.unexplored(fmt.Sprintf("a %s at %s (%d entries)", src, s, k))
}

func (e *explorer) choice(x *g, s *Site, options float64, v uint64) {
	d := &e.data
	if d.per == nil {
		d.per, d.orderings = map[uint64]int{}, 1
	}
	site := siteKey(s)
	d.per[x.name]++
	d.n++
	d.orderings = min(d.orderings*options, 2*maxOrderings)
	d.sigs = append(d.sigs, hashSeq(x.name, []uint64{site, uint64(d.per[x.name]), v}))
	d.shapes = append(d.shapes, hashSeq(x.name, []uint64{site, uint64(d.per[x.name]), uint64(options)}))
	e.drawKinds.add(mix64(mix64(x.kind^site) ^ v))
}

// unexplored notes a draw that no count of runs covers.
func (e *explorer) unexplored(why string) {
	if e.data.unexplored == "" {
		e.data.unexplored = why
	}
}

func factorial(k int) float64 {
	f := 1.0
	for i := 2; i <= k; i++ {
		f *= float64(i)
	}
	return f
}

// objClass is how an object's operations conflict.
type objClass uint8

const (
	objLock  objClass = iota + 1 // acquisitions conflict
	objChan                      // sends, receives, closes
	objWG                        // forced for one waiter that is the only adder
	objOther                     // Once, Cond, timers: not counted
)

type objRecord struct {
	class objClass
	// Until a second goroutine comes (shared), only the first one's name
	// and count are kept: most objects are never shared.
	soloRoles uint8 // the roles of solo while not shared (role)
	hasSolo   bool
	shared    bool
	// raced: a lock acquisition by one goroutine was not ordered after the
	// previous one by another except through the lock (explore_hb.go).
	raced     bool
	solo      uint64
	soloN     int
	sh        *sharedRec // once shared
	uncounted string     // set: this object, if shared, cannot be counted
	// lastName and lastKS are the goroutine and the kind and site of the
	// last counted operation (kinds.go); lastName 0: none yet.
	lastName, lastKS uint64
}

// sharedRec is what an object's record keeps once shared.
type sharedRec struct {
	seq    []uint64 // names of the goroutines, in completion order of the counted operations
	counts nameCounts
	// senders (and closers), receivers, waiters and adders: the goroutine
	// names in each role, for the forced cases.
	roles [roles]nameCounts
}

// An object's roles (sharedRec.roles).
const (
	roleSend = iota
	roleRecv
	roleWait
	roleAdd
	roles
)

func newExplorer() *explorer {
	e := &explorer{kids: map[[2]uint64]int{}, objs: map[uintptr]*objRecord{}}
	e.hb = hb{clocks: map[int]vclock{}, locks: map[any]*lockClock{},
		queued: map[any][]vclock{}, added: map[any]vclock{}, marked: map[any]vclock{}}
	return e
}

// born names goroutine x by its creation path; called as it is created.
func (e *explorer) born(x *g) {
	var parent, parentKind uint64
	if x.parent > 0 {
		p := x.sc.gs.all[x.parent-1]
		parent, parentKind = p.name, p.kind
	}
	site := siteKey(x.created)
	k := [2]uint64{parent, site}
	e.kids[k]++
	h := fnvOffset
	for _, v := range [...]uint64{parent, site, uint64(e.kids[k])} {
		h = fnvHex(h, v)
		h = fnvByte(h, '/')
	}
	x.name = h
	x.kind = mix64(parentKind ^ site)
}

func hashString(s string) uint64 {
	h := fnvOffset
	for i := 0; i < len(s); i++ {
		h = fnvByte(h, s[i])
	}
	return h
}

// FNV-1a, 64 bits, written out: hash/fnv's Hash is an interface, and a
// hash per goroutine, per cut and per goroutine a cut passes allocated.
const (
	fnvOffset uint64 = 14695981039346656037
	fnvPrime  uint64 = 1099511628211
)

func fnvByte(h uint64, b byte) uint64 { return (h ^ uint64(b)) * fnvPrime }

// fnvHex adds v's lower-case hexadecimal digits.
func fnvHex(h, v uint64) uint64 {
	var buf [16]byte
	for _, b := range strconv.AppendUint(buf[:0], v, 16) {
		h = fnvByte(h, b)
	}
	return h
}

// objAddr is the address of the object an operation is on (the data word
// of the interface holding its pointer), without keeping it alive.
func objAddr(obj any) uintptr { return (*[2]uintptr)(unsafe.Pointer(&obj))[1] }

func (e *explorer) obj(key uintptr, class objClass) *objRecord {
	if key == e.last && e.lastRec != nil {
		return e.lastRec
	}
	r := e.objs[key]
	if r == nil {
		r = &objRecord{class: class}
		e.objs[key] = r
	}
	e.last, e.lastRec = key, r
	return r
}

// touch notes that goroutine name operated on r, counted or not; a
// record that comes to be shared is listed for the summary.
func (e *explorer) touch(r *objRecord, name uint64) { e.listIf(r.touch(name), r) }

// listIf lists r for the summary if it has just come to be shared.
func (e *explorer) listIf(nowShared bool, r *objRecord) {
	if nowShared {
		e.recs = append(e.recs, r)
	}
}

// touch notes that goroutine name operated on the object, counted or not;
// it reports whether the object has just come to be shared.
func (r *objRecord) touch(name uint64) bool {
	switch {
	case r.shared:
		r.sh.counts.put(name, 0)
	case !r.hasSolo:
		r.solo, r.hasSolo = name, true
	case r.solo != name:
		r.shared = true
		sh := &sharedRec{seq: make([]uint64, r.soloN, r.soloN+8)}
		sh.counts.put(r.solo, r.soloN)
		sh.counts.put(name, 0)
		for i := range sh.seq {
			sh.seq[i] = r.solo
		}
		for i := range sh.roles {
			if r.soloRoles&(1<<i) != 0 {
				sh.roles[i].put(r.solo, 0)
			}
		}
		r.sh = sh
		return true
	}
	return false
}

// unit records a counted operation of goroutine name; it reports whether
// the object has just come to be shared (touch).
func (r *objRecord) unit(name uint64) bool {
	shared := r.touch(name)
	if !r.shared {
		r.soloN++
		return false
	}
	r.sh.seq = append(r.sh.seq, name)
	r.sh.counts.inc(name)
	return shared
}

// role notes that goroutine name, which has just operated on r (touch),
// took role i there.
func (r *objRecord) role(i int, name uint64) {
	if r.sh == nil {
		r.soloRoles |= 1 << i // name is r.solo
		return
	}
	r.sh.roles[i].put(name, 0)
}

// goroutines is the number of goroutines that operated on r, once shared
// (0 before).
func (r *objRecord) goroutines() int {
	if r.sh == nil {
		return 0
	}
	return r.sh.counts.len()
}

// fired records a timer's firing; a sleep's wakes its goroutine only.
func (e *explorer) timerFired(sc *sched, t *vtimer) {
	if t.kind == timerSleep {
		return
	}
	e.cut(sc, "fire "+t.site.String(), nil)
	e.setUncounted("a timer, ticker or deadline fired")
}

// cut enters in the signature where an event the per-object records do
// not order (a timer's firing, a cancellation) fell among each
// goroutine's own operations: the operations each had begun by then. Runs
// that differ only there then differ in signature, so the driver does not
// count them as repeats of one ordering (its Good–Turing estimate). The
// orderings stay uncounted. by is the goroutine that made the cut (the
// canceller), nil for a timer.
func (e *explorer) cut(sc *sched, what string, by *g) {
	if e.cutN == nil {
		e.cutN = map[string]int{}
	}
	e.cutN[what]++
	at := e.cutSum(sc)
	if checkCutSums {
		var all uint64
		for _, y := range sc.gs.all {
			all += cutPart(y)
		}
		if all != at {
			panic(fmt.Sprintf("cut at %q: sum over the goroutines not done %x, over all %x", what, at, all))
		}
	}
	e.cuts = append(e.cuts, hashSeq(hashString(what), []uint64{uint64(e.cutN[what]), at}))
	e.cutKind(what, by)
}

// cutSum is the sum of cutPart over every goroutine of the run, a sum
// the same whatever their IDs. The finished ones' parts no longer change
// and are kept summed (finished), so a cut costs the goroutines not done,
// not every goroutine the run made: a test that starts thousands one
// after another and cancels a context after each was quadratic.
func (e *explorer) cutSum(sc *sched) uint64 {
	at := e.doneSum
	e.liveBuf = sc.gs.outside.list(sc.gs.all, sc.gs.live.list(sc.gs.all, e.liveBuf[:0]))
	for _, y := range e.liveBuf {
		at += cutPart(y)
	}
	return at
}

// cutPart is goroutine y's part of a cut: its name and the operations it
// has begun.
func cutPart(y *g) uint64 { return hashSeq(y.name, []uint64{uint64(y.opSeq)}) }

// finished notes that y ended: its part of every later cut is fixed.
func (e *explorer) finished(y *g) { e.doneSum += cutPart(y) }

// checkCutSums makes every cut check its sum against one over every
// goroutine (tests).
var checkCutSums bool

// did records x's operation, which has just completed, as its row says
// (explore); an operation whose row says nothing is on an object whose
// order is not counted (a Once, a Cond, a timer).
func (e *explorer) did(x *g) {
	if f := kinds[x.op.kind].explore; f != nil {
		f(e, x)
		return
	}
	o := &x.op
	key := objAddr(o.obj)
	if o.obj == nil {
		key = uintptr(o.kind) // below any address
	}
	r := e.obj(key, objOther)
	e.unit(r, x)
	r.uncounted = "a " + o.kind.String()
}

// didAcquire records a lock acquisition (Lock, RLock).
func (e *explorer) didAcquire(x *g) {
	r := e.obj(objAddr(x.op.obj), objLock)
	e.unit(r, x)
	switch {
	case e.hbOff:
		r.raced = true // no clocks: its order is not known to be forced
	case r.raced && r.goroutines() >= manyRaced:
		e.stopHB()
	}
}

// didRelease records an Unlock: ordered by its acquisition.
func (e *explorer) didRelease(x *g) { e.touch(e.obj(objAddr(x.op.obj), objLock), x.name) }

// didTry records a TryLock: its outcome depends on the order.
func (e *explorer) didTry(x *g) {
	r := e.obj(objAddr(x.op.obj), objLock)
	e.unit(r, x)
	r.uncounted = "a TryLock"
}

// didSend records a send or a close on the op's channel; didRecv a
// receive.
func (e *explorer) didSend(x *g) { e.didChan(x, false) }
func (e *explorer) didRecv(x *g) { e.didChan(x, true) }

func (e *explorer) didChan(x *g, recv bool) {
	o := &x.op
	if len(o.cases) == 0 || o.cases[0].k == 0 {
		return // a nil channel: no partner, nothing ordered
	}
	r := e.chanRec(x, &o.cases[0])
	e.unit(r, x)
	if recv {
		r.role(roleRecv, x.name)
	} else {
		r.role(roleSend, x.name)
	}
}

// chanRec is the record of the channel of x's case c, kept in the
// channel's model state (chanOf), not in objs: a loop of selects over
// dozens of fresh channels each (go-memdb's watch sets) filled a table of
// hundreds of thousands, a cache miss at every lookup.
func (e *explorer) chanRec(x *g, c *SelectCase) *objRecord {
	st := x.sc.chanOf(c)
	st.rec.class = objChan
	return &st.rec
}

// didWGAdd records a WaitGroup's Add or Done; didWGWait its Wait.
func (e *explorer) didWGAdd(x *g) {
	r := e.obj(objAddr(x.op.obj), objWG)
	e.touch(r, x.name)
	if x.op.n > 0 {
		r.role(roleAdd, x.name)
	}
}

func (e *explorer) didWGWait(x *g) {
	r := e.obj(objAddr(x.op.obj), objWG)
	e.touch(r, x.name)
	r.role(roleWait, x.name)
}

// didCancel records a context's cancellation. Alone (the test's deferred
// cancel after its goroutines ended), it races with nothing; what it
// starts (context AfterFunc callbacks) is recorded as goroutines of their
// own.
func (e *explorer) didCancel(x *g) {
	if !othersAlive(x) {
		return
	}
	e.cut(x.sc, "cancel", x)
	e.setUncounted("a context was cancelled")
}

// didLocal records nothing: the operation is local to its goroutine, or
// orders parent and child (go, t.Run).
func (e *explorer) didLocal(*g) {}

// othersAlive reports whether a goroutine other than x has not ended.
func othersAlive(x *g) bool {
	gs := &x.sc.gs
	n := gs.live.n + gs.outside.n
	if x.state != gDone {
		n-- // x is one of them
	}
	return n > 0
}

// setUncounted notes the first reason the run's orderings cannot be
// counted. It decides the summary's: the select sets, kept to find another
// (selectsCounted), are dropped.
func (e *explorer) setUncounted(why string) {
	if e.uncounted == "" {
		e.uncounted = why
		e.selects = nil
		e.stopHB()
	}
}

type selectRec struct {
	recs       []*objRecord // its channels' records
	hasDefault bool
}

// selected records a select: a completed operation on the channel of the
// case it took (none for the default), and a touch of its other channels.
// A select whose choice could have gone otherwise is not counted
// (summary): one over two channels or more on which some operation
// completed in the run (either could have been ready), or one with a
// default over a channel another goroutine uses. A channel no operation
// completed on (a Done channel never closed, a quit channel never used)
// was never ready: the select is then an operation on the other.
func (e *explorer) selected(x *g) {
	o := &x.op
	name := x.name
	recs := e.selBuf[:0]
	var id uint64 // the set's hash, whatever the cases' order
	if o.hasDefault {
		id = 1
	}
	for i := range o.cases {
		c := &o.cases[i]
		if c.k == 0 {
			continue
		}
		r := e.chanRec(x, c)
		recs = append(recs, r)
		id += mix64(uint64(uintptr(unsafe.Pointer(r))))
		if i != o.idx {
			e.touch(r, name)
			continue
		}
		e.unit(r, x)
		if c.send {
			r.role(roleSend, name)
		} else {
			r.role(roleRecv, name)
		}
	}
	e.selBuf = recs
	if _, ok := e.selects[id]; !ok && e.uncounted == "" {
		if e.selects == nil {
			e.selects = map[uint64]selectRec{}
		}
		e.selects[id] = selectRec{recs: slices.Clone(recs), hasDefault: o.hasDefault}
	}
}

// selectsCounted reports why a select's choice could vary, or "".
func (e *explorer) selectsCounted() string {
	for _, s := range e.selects {
		active, shared := 0, 0
		for _, r := range s.recs {
			if r.soloN == 0 && (r.sh == nil || len(r.sh.seq) == 0) {
				continue
			}
			active++
			if r.shared {
				shared++
			}
		}
		if active > 1 || shared > 0 && s.hasDefault {
			return "a select over channels goroutines share"
		}
	}
	return ""
}

// maxOrderings is where counting stops: no budget comes near it.
const maxOrderings = 1e15

// summary derives the run's report.
func (e *explorer) summary() *wire.Explore {
	out := &wire.Explore{Orderings: 1, Uncounted: cmp.Or(e.uncounted, e.selectsCounted())}
	var sigs, shapes []uint64
	for _, r := range e.recs {
		if !r.shared {
			continue // one goroutine: nothing to order
		}
		out.Shared++
		if out.Uncounted == "" && r.uncounted != "" {
			out.Uncounted = r.uncounted + " on an object goroutines share"
		}
		if r.forced() {
			continue
		}
		if r.class == objWG {
			out.Uncounted = "a WaitGroup added to and waited for by different goroutines"
			continue
		}
		out.Ordered++
		out.Orderings = min(out.Orderings*multinomial(&r.sh.counts), 2*maxOrderings)
		sigs = append(sigs, hashSeq(uint64(r.class), r.sh.seq))
		shapes = append(shapes, r.shapeHash())
	}
	if out.Uncounted != "" || out.Orderings > maxOrderings {
		out.Orderings = 0
	}
	sigs = append(sigs, e.cuts...)
	if e.choices == 0 {
		// No decision had an alternative (goroutines that ran one after
		// another, each waiting for the one it started): every run is
		// this one, whatever they share or read.
		out.Orderings, out.Ordered, out.Uncounted, sigs, shapes = 1, 0, "", nil, nil
	}
	if d := &e.data; d.n > 0 {
		out.Choices = d.n
		sigs, shapes = append(sigs, d.sigs...), append(shapes, d.shapes...)
		if out.Orderings > 0 {
			out.Orderings = min(out.Orderings*d.orderings, 2*maxOrderings)
			if out.Orderings > maxOrderings {
				out.Orderings, out.Uncounted = 0, "too many data choices to count"
			}
		}
	}
	out.Unexplored = e.data.unexplored
	out.Kinds, out.KindsOver = e.kinds.list(), e.kinds.over
	out.DrawKinds, out.DrawKindsOver = e.drawKinds.list(), e.drawKinds.over
	out.Signature = strconv.FormatUint(hashSorted(sigs), 16)
	out.Shape = strconv.FormatUint(hashSorted(shapes), 16)
	return out
}

// forced reports whether the object's order is implied by the goroutines'
// own orders (see explorer).
func (r *objRecord) forced() bool {
	switch r.class {
	case objLock:
		return !r.raced && r.uncounted == ""
	case objChan:
		return r.uncounted == "" && r.sh.roles[roleSend].len() <= 1 && r.sh.roles[roleRecv].len() <= 1
	case objWG:
		waiters := &r.sh.roles[roleWait]
		if waiters.len() > 1 {
			return false
		}
		ok := true
		r.sh.roles[roleAdd].each(func(a uint64, _ int) {
			ok = ok && (waiters.has(a) || waiters.len() == 0)
		})
		return ok
	}
	return false
}

func (r *objRecord) shapeHash() uint64 {
	type nc struct{ name, c uint64 }
	var ncs []nc
	r.sh.counts.each(func(name uint64, c int) { ncs = append(ncs, nc{name, uint64(c)}) })
	slices.SortFunc(ncs, func(a, b nc) int { return cmp.Compare(a.name, b.name) })
	seq := []uint64{}
	for _, x := range ncs {
		seq = append(seq, x.name, x.c)
	}
	return hashSeq(uint64(r.class), seq)
}

// multinomial is (c1+…+cm)!/(c1!…cm!), in floating point.
func multinomial(counts *nameCounts) float64 {
	lg, n := 0.0, 0
	counts.each(func(_ uint64, c int) {
		a, _ := math.Lgamma(float64(c + 1))
		lg -= a
		n += c
	})
	a, _ := math.Lgamma(float64(n + 1))
	return math.Round(math.Exp(lg + a))
}

func hashSeq(first uint64, seq []uint64) uint64 {
	h := fnvHex(fnvOffset, first)
	for _, v := range seq {
		h = fnvHex(fnvByte(h, ' '), v)
	}
	// FNV's last step is linear in the last byte: without the finalizer,
	// sums of hashes (cut) collide for inputs that differ in a digit.
	return mix64(h)
}

func hashSorted(vs []uint64) uint64 {
	slices.Sort(vs)
	return hashSeq(0, vs)
}
