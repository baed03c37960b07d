package rt

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The channel primitive: send, receive and close, and what the model
// knows of each channel. A managed goroutine at a channel operation is
// enabled when one of its cases can proceed: a buffered channel has room
// or elements, the channel is closed (in the model), or, for an
// unbuffered channel, a managed partner waits at the opposite operation —
// the scheduler then hands the value over itself, since two pollers never
// meet. Partners outside the scheduler are found by polling with
// non-blocking operations (poll), and an unmanaged goroutine's operation
// meets a parked managed partner directly (meet.go). A send or a receive
// is a select of one case without a default (select.go).

// MadeChan is `make(chan T, n)`: the channel, numbered in the order the
// goroutine holding the token made it, so that a map keyed by channels
// ranges in an order the scheduler draws and a replay gives back. Its
// state starts afresh: the address may be a collected channel's. The state
// goes when the channel is collected (chanDied): a test that makes a channel
// per entry of its watch sets (go-memdb) made hundreds of thousands.
func MadeChan[C ~chan T, T any](c C) C {
	x := managed()
	if x == nil {
		return c
	}
	sc := x.sc
	k := chanKey((chan T)(c))
	sc.mu.Lock()
	cs := chanModel.of(sc)
	if sc.cur.Load() == x { // else made outside the scheduler's order
		cs.made++
		cs.renew(k, cs.made)
		runtime.AddCleanup(*(**byte)(unsafe.Pointer(&c)), chanDied, chanCleanup{cs, deadChan{k, cs.made}})
		if cs.dead.n.Load() >= deadBatch {
			cs.drop()
		}
	} else {
		cs.forget(k)
	}
	sc.mu.Unlock()
	return c
}

// Send is `ch <- v`.
func Send[T any](ch chan<- T, v T, s *Site) {
	g := enter()
	if g == nil {
		c := [1]SelectCase{caseOf(sendChan(ch), true)}
		c[0].val = v
		if meet(c[:]) < 0 {
			ch <- v
			touched(&c[0])
		}
		return
	}
	g.one[0] = caseOf(sendChan(ch), true)
	g.one[0].val = v
	g.doSelect(opSend, s, g.one[:], false)
	g.finishChan()
}

// Recv is `<-ch`.
func Recv[T any](ch <-chan T, s *Site) T {
	v, _ := Recv2(ch, s)
	return v
}

// Recv2 is `v, ok := <-ch`.
func Recv2[T any](ch <-chan T, s *Site) (T, bool) {
	g := enter()
	if g == nil {
		var v T
		var ok bool
		c := [1]SelectCase{caseOf(recvChan(ch), false)}
		c[0].dst, c[0].okp = &v, &ok
		if meet(c[:]) < 0 {
			v, ok = <-ch
			touched(&c[0])
		}
		return v, ok
	}
	g.one[0] = caseOf(recvChan(ch), false)
	g.doSelect(opRecv, s, g.one[:], false)
	g.finishChan()
	return as[T](g.op.val), g.op.ok
}

// Close is close(ch).
func Close[T any](ch chan<- T, s *Site) {
	g := enter()
	if g == nil || ch == nil { // a nil channel panics as Go's close does, outside the scheduler's lock
		close(ch)
		return
	}
	g.one[0] = caseOf(sendChan(ch), false)
	g.doSelect(opClose, s, g.one[:], false)
	close(ch)
}

var (
	opSend = newKind(kindDef{name: "Send", canRun: canSelect, exec: execSelect, file: fileChans, stays: chanStays,
		waitText: chanWaitText, explore: (*explorer).didSend, commOf: chanComm, commObj: chanCommObj,
		proveReal: proveChan, flags: chanWait | moves})
	opRecv = newKind(kindDef{name: "Recv", canRun: canSelect, exec: execSelect, file: fileChans, stays: chanStays,
		waitText: chanWaitText, explore: (*explorer).didRecv, commOf: chanComm, commObj: chanCommObj,
		proveReal: proveChan, flags: chanWait | moves})
	opClose = newKind(kindDef{name: "Close", exec: execClose, explore: (*explorer).didSend,
		comm: commClose, commObj: chanCommObj, flags: always | moves})
)

var chanModel = newModel[channels](nil)

// channels is the model of the channels the run has used, by key.
type channels struct {
	states map[uintptr]*chanState
	cache  [chanCacheSize]chanCacheEntry
	made   uint64 // channels numbered (MadeChan)
	// dead lists the numbered channels collected, from their cleanups
	// (chanDied); spare is the list drop emptied, kept for the next.
	dead struct {
		mu          sync.Mutex
		n           atomic.Int32
		list, spare []deadChan
	}
}

// deadChan is a numbered channel, to drop the state of once collected.
type deadChan struct {
	k   uintptr
	seq uint64
}

// chanCleanup is the argument of a numbered channel's cleanup.
type chanCleanup struct {
	cs *channels
	deadChan
}

// deadBatch is how many collected channels MadeChan lets gather before it
// drops their states.
const deadBatch = 256

// chanDied is a numbered channel's cleanup: it runs in the runtime's cleanup
// goroutine, outside the scheduler's lock, and only lists the channel.
func chanDied(d chanCleanup) {
	cs := d.cs
	cs.dead.mu.Lock()
	cs.dead.list = append(cs.dead.list, d.deadChan)
	cs.dead.mu.Unlock()
	cs.dead.n.Add(1)
}

// drop forgets the states of the collected channels listed, each only if
// it is still the one numbered (the address may hold a newer channel).
// Nothing the scheduler decides reads them: no goroutine can reach the
// channel, and its explorer record, if shared, stays listed.
func (cs *channels) drop() {
	cs.dead.mu.Lock()
	list := cs.dead.list
	cs.dead.list, cs.dead.spare = cs.dead.spare[:0], nil
	cs.dead.n.Store(0)
	cs.dead.mu.Unlock()
	for _, d := range list {
		if st := cs.states[d.k]; st != nil && st.seq == d.seq {
			cs.forget(d.k)
		}
	}
	cs.dead.mu.Lock()
	cs.dead.spare = list[:0]
	cs.dead.mu.Unlock()
}

// chanState is what the model knows of one channel: whether it was closed
// by a managed goroutine, the goroutines blocked on it (enset.go), and for
// an unbuffered channel the managed operations waiting on it by direction,
// so that finding the partner of an operation does not scan every live
// goroutine. A partner entry holds the goroutine and the sequence number
// of the operation it was filed for (g.opSeq); entries of completed or
// departed operations are dropped when met.
type chanState struct {
	closed bool
	// seq numbers the channel among those a managed goroutine made with
	// the token (MadeChan), from 1; 0: made elsewhere. A map keyed by
	// channels ranges in an order drawn over these numbers (maporder.go).
	seq       uint64
	rec       objRecord // the explorer's record of the channel (chanRec): one allocation with the state
	waiters   chanWaits
	senders   []waitRef
	receivers []waitRef
}

// chanCacheSize is the size of the direct-mapped cache in front of
// channels.states: a loop over a few channels does no map lookup.
const chanCacheSize = 64

type chanCacheEntry struct {
	k  uintptr
	st *chanState
}

// forget drops the state of the channel with key k: one made just now
// (a state kept from a collected channel at its address is stale), or
// one collected (drop).
func (cs *channels) forget(k uintptr) {
	delete(cs.states, k)
	if e := &cs.cache[addrHash(k, 6)]; e.k == k {
		*e = chanCacheEntry{}
	}
}

// renew gives the channel with key k, made just now, a fresh state
// numbered seq (MadeChan), in place of any a collected channel left at
// its address: one write, not forget's delete and get's insert.
func (cs *channels) renew(k uintptr, seq uint64) {
	if cs.states == nil {
		cs.states = map[uintptr]*chanState{}
	}
	st := &chanState{seq: seq}
	cs.states[k] = st
	cs.cache[addrHash(k, 6)] = chanCacheEntry{k: k, st: st}
}

// get returns the state of the channel with key k (not 0). States start
// afresh only for channels made in instrumented code or by the runtime
// (renew, forget): a channel's address is reused only after it was
// collected, and the stale closed mark that can otherwise remain is
// cleared when an operation finds the channel open (doCase, staleClosed).
func (cs *channels) get(k uintptr) *chanState {
	e := &cs.cache[addrHash(k, 6)]
	if e.k == k {
		return e.st
	}
	if cs.states == nil {
		cs.states = map[uintptr]*chanState{}
	}
	st := cs.states[k]
	if st == nil {
		st = &chanState{}
		cs.states[k] = st
	}
	e.k, e.st = k, st
	return st
}

// chanWaits is a channel's wait lists, by the direction of the waiting
// case: an operation offered as a partner wakes only the other direction.
type chanWaits struct {
	recv, send waitList
}

// wakeAll wakes both directions: the channel changed.
func (w *chanWaits) wakeAll(s *enabledSet) {
	s.wakeList(&w.recv)
	s.wakeList(&w.send)
}

// of is the list of a case of direction send.
func (w *chanWaits) of(send bool) *waitList {
	if send {
		return &w.send
	}
	return &w.recv
}

// fileChans files x under every channel of its cases, by direction; a
// touch touches both directions (a receive that takes a parked sender's
// value may end another sender's partner, the receiver itself).
func fileChans(sc *sched, x *g) {
	touching := sc.set.touching
	for i := range x.op.cases {
		if c := &x.op.cases[i]; c.k != 0 {
			w := &sc.chanOf(c).waiters
			fileIn(w.of(c.send), x)
			if touching {
				fileIn(w.of(!c.send), x)
			}
		}
	}
}

// chanStays reports whether x's enabled channel operation stays enabled
// whatever the others do: a select with a default, or one that receives
// from a closed channel (a close is for good).
func chanStays(sc *sched, x *g) bool {
	if x.op.hasDefault {
		return true
	}
	for i := range x.op.cases {
		if c := &x.op.cases[i]; c.k != 0 && !c.send && sc.chanOf(c).closed {
			return true
		}
	}
	return false
}

// execClose closes the channel in the model and wakes its waiters.
func execClose(sc *sched, x *g) bool {
	c := &x.op.cases[0]
	st := sc.chanOf(c)
	st.closed = true
	st.waiters.wakeAll(&sc.set)
	if sc.obs != nil {
		sc.obs.ordered(x, syncMark, c.k)
	}
	return true
}

// offer files x's pending channel operation as a partner on its unbuffered
// channels and wakes the goroutines blocked on them: x may be the partner
// they wait for.
func (sc *sched) offer(x *g) {
	for i := range x.op.cases {
		c := &x.op.cases[i]
		if c.k == 0 || c.size != 0 {
			continue
		}
		st := sc.chanOf(c)
		l := &st.receivers
		if c.send {
			l = &st.senders
		}
		if len(*l) >= 8 && len(*l) == cap(*l) {
			*l = dropStale(*l)
		}
		*l = append(*l, waitRef{x, x.opSeq})
		sc.set.wakeList(st.waiters.of(!c.send))
	}
}

// offering reports whether the entry's goroutine still waits at the
// channel operation it was filed for.
func offering(r waitRef) bool {
	y := r.x
	return r.gen == y.opSeq && y.state == gLive && !y.op.done && y.op.waitsOnChan()
}

func dropStale(l []waitRef) []waitRef {
	n := 0
	for _, r := range l {
		if offering(r) {
			l[n] = r
			n++
		}
	}
	clear(l[n:])
	return l[:n]
}

// partner finds the live goroutine of lowest ID (other than x) waiting at
// an operation on channel k, whose state is st, in direction send, and the
// index of its case.
func (sc *sched) partner(x *g, k uintptr, st *chanState, send bool) (*g, int) {
	l := &st.receivers
	if send {
		l = &st.senders
	}
	var best *g
	bi, n := -1, 0
	for _, r := range *l {
		if !offering(r) {
			continue
		}
		(*l)[n] = r
		n++
		y := r.x
		if y == x || best != nil && y.id >= best.id {
			continue
		}
		for i := range y.op.cases {
			if c := &y.op.cases[i]; c.send == send && c.k == k {
				best, bi = y, i
				break
			}
		}
	}
	clear((*l)[n:])
	*l = (*l)[:n]
	return best, bi
}

// caseReady reports whether case c of x's operation can proceed.
func (sc *sched) caseReady(x *g, c *SelectCase) bool {
	ok, _, _ := sc.caseReadyWith(x, c)
	return ok
}

// caseReadyWith is caseReady that also returns the partner found on an
// unbuffered channel (y's case j), if any.
func (sc *sched) caseReadyWith(x *g, c *SelectCase) (ok bool, y *g, j int) {
	if c.k == 0 {
		return false, nil, -1 // nil channel: never
	}
	st := sc.chanOf(c)
	if st.closed {
		return true, nil, -1
	}
	if c.size > 0 {
		if c.send {
			return c.c.len() < c.size, nil, -1
		}
		return c.c.len() > 0, nil, -1
	}
	y, j = sc.partner(x, c.k, st, !c.send)
	return y != nil, y, j
}

// chanOf returns the state of the channel of case c of a managed
// operation, looked up once per operation.
func (sc *sched) chanOf(c *SelectCase) *chanState {
	if c.st == nil {
		c.st = chanModel.of(sc).get(c.k)
	}
	return c.st
}

// doCase performs case i of x's op; false if it could not proceed after all
// (a stale closed mark, or a race with uninstrumented code).
func (sc *sched) doCase(x *g, i int) bool { return sc.doCaseWith(x, i, nil, -1) }

// doCaseWith is doCase with the partner on an unbuffered channel already
// found (y's case j), or nil to look for it.
func (sc *sched) doCaseWith(x *g, i int, y *g, j int) bool {
	c := &x.op.cases[i]
	st := sc.chanOf(c)
	if c.size == 0 && !st.closed {
		if y == nil {
			y, j = sc.partner(x, c.k, st, !c.send)
		}
		if y != nil {
			sc.handoff(x, c, y, j)
			return true
		}
	}
	if c.send {
		ok, p := c.c.trySend(c.val)
		if p != nil {
			x.op.panicVal = p
			return true
		}
		if !ok {
			sc.staleClosed(x, st) // reused address of a collected channel
			return false
		}
		st.waiters.wakeAll(&sc.set) // its receivers may go on
		if sc.obs != nil {
			sc.obs.ordered(x, syncPut, c.k)
		}
		return true
	}
	v, ok, got := c.c.tryRecv()
	if !got {
		sc.staleClosed(x, st)
		return false
	}
	st.waiters.wakeAll(&sc.set) // its senders may go on
	sc.received(x, c, v, ok)
	return true
}

// staleClosed clears a closed mark the channel's state kept from a
// collected channel at the same address, which x's operation found open,
// and with it the standing of x and of the other receivers found to stay
// enabled (chanStays) because of that mark: they are evaluated again.
func (sc *sched) staleClosed(x *g, st *chanState) {
	st.closed = false
	x.op.stable = false
	for _, r := range st.receivers {
		if y := r.x; y != x && offering(r) && y.op.stable {
			y.op.stable = false
			sc.set.toReady(y)
		}
	}
}

// received completes x's receive case c with value v (ok false: the
// channel was closed).
func (sc *sched) received(x *g, c *SelectCase, v any, ok bool) {
	c.c.store(c.dst, v)
	x.op.val, x.op.ok = v, ok
	if sc.obs != nil {
		k := syncTake
		if !ok {
			k = syncAfterMark // after the close
		}
		sc.obs.ordered(x, k, c.k)
	}
	if c.okp != nil {
		*c.okp = ok
	}
}

// handoff moves a value between x's case c and y's case j on an unbuffered
// channel; y's operation completes on its behalf.
func (sc *sched) handoff(x *g, c *SelectCase, y *g, j int) {
	if v := sc.exchange(c, y, j); !c.send {
		x.op.val, x.op.ok = v, true
	}
	if sc.obs != nil {
		if c.send {
			sc.obs.synced(x, y)
		} else {
			sc.obs.synced(y, x)
		}
	}
}

// exchange moves the value between case c (of a managed goroutine or not)
// and y's case j on an unbuffered channel, completes y's operation on its
// behalf and wakes it; it returns the value c receives (nil when c sends).
func (sc *sched) exchange(c *SelectCase, y *g, j int) any {
	yc := &y.op.cases[j]
	var got any
	if c.send {
		yc.c.store(yc.dst, c.val)
		y.op.val, y.op.ok = c.val, true
		if yc.okp != nil {
			*yc.okp = true
		}
	} else {
		c.c.store(c.dst, yc.val)
		got = yc.val
		if c.okp != nil {
			*c.okp = true
		}
	}
	y.op.idx, y.op.done = j, true
	sc.set.wakeG(y)
	return got
}

// poll completes, with non-blocking operations, the channel operations of
// blocked goroutines whose partner is outside the scheduler; it reports
// whether any completed.
func (sc *sched) poll() bool {
	any := false
	for _, y := range sc.gs.liveList() {
		o := &y.op
		if o.done || !o.waitsOnChan() {
			continue
		}
		for i := range o.cases {
			if o.cases[i].k != 0 && sc.doCase(y, i) {
				o.idx, o.done = i, true
				sc.set.wakeG(y)
				any = true
				break
			}
		}
	}
	return any
}

// touched tells the model that an unmanaged goroutine operated on the
// channel of case c: if it is buffered, the managed goroutines blocked on
// it may go on.
func touched(c *SelectCase) {
	sc := active()
	if sc == nil || c.size == 0 {
		return
	}
	sc.mu.Lock()
	chanModel.of(sc).get(c.k).waiters.wakeAll(&sc.set)
	sc.mu.Unlock()
}

// finishChan raises the panic of a send on a closed channel, after the step.
func (x *g) finishChan() {
	if p := x.op.panicVal; p != nil {
		x.op.panicVal = nil
		panic(p)
	}
}

// chanWaitText names the channels x's operation waits on.
func chanWaitText(sc *sched, x *g, who string) string {
	if len(x.op.cases) == 0 {
		return "nothing: a select with no cases blocks forever"
	}
	var b []byte
	var names []string // the cases' channels by name, where the site has them
	if s := x.op.site; s != nil && s.Obj != "" {
		names = strings.Split(s.Obj, "|")
	}
	for i, c := range x.op.cases {
		if i > 0 {
			b = append(b, " or "...)
		}
		if c.send {
			b = append(b, "send on"...)
		} else {
			b = append(b, "receive from"...)
		}
		if c.k == 0 {
			b = append(b, " a nil channel"...)
			continue
		}
		if i < len(names) && names[i] != "" {
			b = fmt.Appendf(b, " channel %s", strings.TrimPrefix(names[i], "<-"))
			continue
		}
		b = fmt.Appendf(b, " channel %#x", c.k)
	}
	return string(b)
}

// chanComm is the comm mode of a send, a receive or a select: the
// directions of its cases, whether it is a select, has a default, or
// involves only unbuffered channels.
func chanComm(o *op) int {
	m := commUnbuffered
	for i := range o.cases {
		c := &o.cases[i]
		if c.send {
			m |= commSend
		} else {
			m |= commRecv
		}
		if c.size != 0 {
			m &^= commUnbuffered
		}
	}
	if len(o.cases) > 1 {
		m |= commSelect
	}
	if o.hasDefault {
		m |= commDefault
	}
	return m
}

// chanCommObj is the key of the channel of a one-case channel operation,
// nil for a select of several (or a nil channel).
func chanCommObj(o *op) any {
	if len(o.cases) != 1 || o.cases[0].k == 0 {
		return nil
	}
	return o.cases[0].k
}

// proveChan is x, blocked at a channel operation without a default,
// leaving the scheduler to be proved blocked (prove.go): it drops what the
// scheduler's records hold of its operation, answers, and performs the
// operation for real. It does not return.
func proveChan(x *g) {
	cases := make([]reflect.SelectCase, 0, len(x.op.cases))
	for i := range x.op.cases {
		c := &x.op.cases[i]
		if c.k == 0 {
			continue // a nil channel is never ready
		}
		v := c.c.reflectValue()
		sc := reflect.SelectCase{Dir: reflect.SelectRecv, Chan: v}
		if c.send {
			sc = reflect.SelectCase{Dir: reflect.SelectSend, Chan: v, Send: reflect.Zero(v.Type().Elem())}
		}
		cases = append(cases, sc)
	}
	clear(x.op.cases)
	clear(x.one[:])
	x.op.cases, x.op.obj, x.op.rec, x.op.val, x.op.panicVal = nil, nil, nil, nil, nil
	x.sc.dumped <- struct{}{}
	if len(cases) > 0 {
		reflect.Select(cases)
	}
	x.escaped.Store(true) // it went through: something outside the model was ready
	select {}
}
