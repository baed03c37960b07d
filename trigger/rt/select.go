package rt

import (
	"math/rand/v2"
	"reflect"
)

// The select primitive: a choice among channel cases (channel.go), one
// ready case chosen at random among the ready ones as Go does, the default
// case if none is ready. Sends and receives are selects of one case.

// SelectCase is one case of a Select, built by SendCase or RecvCase.
type SelectCase struct {
	c    chanOps
	k    uintptr    // the channel's identity (c.key()); 0 for nil
	size int        // its capacity
	st   *chanState // the model's state of it, once looked up (chanOf)
	send bool
	val  any // value to send
	dst  any // *T receiving the value, or nil
	okp  *bool
}

// SendCase is the select case `case ch <- v`.
func SendCase[T any](ch chan<- T, v T) SelectCase {
	c := caseOf(sendChan(ch), true)
	c.val = v
	return c
}

// RecvCase is the select case `case *v, *ok = <-ch`; v and ok may be nil.
func RecvCase[T any](ch <-chan T, v *T, ok *bool) SelectCase {
	c := caseOf(recvChan(ch), false)
	c.okp = ok
	if v != nil {
		c.dst = v
	}
	return c
}

// Select is a select statement over cases; it returns the index of the case
// that proceeded, or -1 for the default case.
func Select(s *Site, hasDefault bool, cases ...SelectCase) int {
	g := enter()
	if g == nil {
		if i := meet(cases); i >= 0 {
			return i
		}
		i := realSelect(hasDefault, cases)
		if i >= 0 {
			touched(&cases[i])
		}
		return i
	}
	g.doSelect(opSelect, s, cases, hasDefault)
	g.finishChan()
	return g.op.idx
}

var opSelect = newKind(kindDef{name: "Select", canRun: canSelect, exec: execSelect, file: fileChans, stays: chanStays,
	waitText: chanWaitText, explore: (*explorer).selected, commOf: chanComm, commObj: chanCommObj,
	proveReal: proveChan, flags: chanWait | pollIfDefault})

// selects holds the generator of the selects' random choices among ready
// cases (seeded with the run's seed, apart from the strategy's).
type selects struct{ rng *rand.Rand }

var selectModel = newModel(func(sc *sched) *selects {
	return &selects{rng: rand.New(rand.NewPCG(sc.cfg.Seed, 0x5e1ec7ca5e))}
})

// canSelect: a case is ready, or there is a default.
func canSelect(sc *sched, x *g) bool { return x.op.hasDefault || sc.readyCase(x) >= 0 }

// readyCase returns the index of the first case of x's op that can
// proceed, or -1.
func (sc *sched) readyCase(x *g) int {
	for i := range x.op.cases {
		if sc.caseReady(x, &x.op.cases[i]) {
			return i
		}
	}
	return -1
}

// execSelect performs x's channel operation: one ready case, chosen among
// the ready ones as a draw; the default case if none is ready.
func execSelect(sc *sched, x *g) bool {
	o := &x.op
	var buf [4]readyCase
	ready := buf[:0]
	for i := range o.cases {
		if ok, y, j := sc.caseReadyWith(x, &o.cases[i]); ok {
			ready = append(ready, readyCase{i, y, j})
		}
	}
	for len(ready) > 0 {
		j := 0
		if len(ready) > 1 { // the scheduler's choice, replayed (draw.go)
			j = sc.chooseCase(x, ready)
		}
		if r := ready[j]; sc.doCaseWith(x, r.i, r.partner, r.j) {
			o.idx = r.i
			return true
		}
		ready = append(ready[:j], ready[j+1:]...)
	}
	if o.hasDefault {
		o.idx = sc.tryOutside(x)
		return true
	}
	return false
}

// chooseCase draws which of x's ready cases (two or more) its select
// takes. A partner the strategy holds back (directed, at a Postpone
// site) is taken as not there yet: the hold stands for its goroutine
// being slow to reach its operation, and a select with another case
// ready takes that one, as it would if the partner came later. The
// choice is recorded as any draw, so a replay takes the same case.
func (sc *sched) chooseCase(x *g, ready []readyCase) int {
	n := uint64(len(ready))
	h, _ := sc.strat.(holder)
	if h == nil || x.state != gLive {
		return int(sc.drawNLocked(x, srcSelect, x.op.site, n))
	}
	var buf [4]int
	free := buf[:0]
	for i, r := range ready {
		if r.partner == nil || !h.holds(r.partner) {
			free = append(free, i)
		}
	}
	if len(free) == 0 || len(free) == len(ready) {
		return int(sc.drawNLocked(x, srcSelect, x.op.site, n))
	}
	v := uint64(free[0])
	if len(free) > 1 {
		v = uint64(free[sc.draws.rng.IntN(len(free))])
	}
	return int(sc.chosenLocked(x, srcSelect, x.op.site, n, v))
}

// readyCase is case i of a select, ready with the partner found for it
// (y's case j), if the channel is unbuffered.
type readyCase struct {
	i       int
	partner *g
	j       int
}

// tryOutside tries x's cases with real non-blocking operations before a
// select takes its default, as Go would: a channel closed or fed outside
// the scheduler (a context's Done closed by its cancel function, a timer)
// is ready although the model does not know it. Managed partners never
// block for real, so only partners outside can answer. It returns the case
// taken, or -1.
func (sc *sched) tryOutside(x *g) int {
	n := len(x.op.cases)
	if n == 0 {
		return -1
	}
	start := 0
	if n > 1 {
		start = selectModel.of(sc).rng.IntN(n)
	}
	for j := 0; j < n; j++ { // the runtime builds at go 1.21
		i := (start + j) % n
		if x.op.cases[i].k != 0 && sc.doCase(x, i) {
			return i
		}
	}
	return -1
}

// realSelect performs a select over cases with the real runtime
// (pass-through mode).
func realSelect(hasDefault bool, cases []SelectCase) int {
	rc := make([]reflect.SelectCase, 0, len(cases)+1)
	for _, c := range cases {
		if c.send {
			rc = append(rc, reflect.SelectCase{Dir: reflect.SelectSend, Chan: c.c.reflectValue(), Send: reflectSendValue(c)})
		} else {
			rc = append(rc, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: c.c.reflectValue()})
		}
	}
	if hasDefault {
		rc = append(rc, reflect.SelectCase{Dir: reflect.SelectDefault})
	}
	i, v, ok := reflect.Select(rc)
	if i == len(cases) {
		return -1
	}
	c := cases[i]
	if !c.send {
		if v.IsValid() && ok {
			c.c.store(c.dst, v.Interface())
		} else {
			c.c.store(c.dst, nil)
		}
		if c.okp != nil {
			*c.okp = ok
		}
	}
	return i
}

// reflectSendValue is the value to send as a reflect.Value of the channel's
// element type (a nil interface becomes the zero value).
func reflectSendValue(c SelectCase) reflect.Value {
	et := c.c.reflectValue().Type().Elem()
	if c.val == nil {
		return reflect.Zero(et)
	}
	return reflect.ValueOf(c.val).Convert(et)
}
