package rt

// A managed goroutine at a channel operation is enabled when one of its
// cases can proceed: a buffered channel has room or elements, the channel is
// closed (in the model), or, for an unbuffered channel, a managed partner
// waits at the opposite operation — the scheduler then hands the value over
// itself, since two pollers never meet. Partners outside the scheduler are
// found by polling with non-blocking operations (poll).

// readyCase returns the index of the first case of x's op that can proceed,
// or -1.
func (sc *sched) readyCase(x *g) int {
	for i := range x.op.cases {
		if sc.caseReady(x, &x.op.cases[i]) {
			return i
		}
	}
	return -1
}

func (sc *sched) caseReady(x *g, c *SelectCase) bool {
	k := c.c.key()
	if k == 0 {
		return false // nil channel: never
	}
	if sc.chanSt(k).closed {
		return true
	}
	if c.c.cap() > 0 {
		if c.send {
			return c.c.len() < c.c.cap()
		}
		return c.c.len() > 0
	}
	p, _ := sc.partner(x, k, !c.send)
	return p != nil
}

// execChan performs x's channel operation: one ready case, chosen at random
// among the ready ones as Go does; the default case if none is ready.
func (sc *sched) execChan(x *g) bool {
	o := &x.op
	var buf [4]int
	ready := buf[:0]
	for i := range o.cases {
		if sc.caseReady(x, &o.cases[i]) {
			ready = append(ready, i)
		}
	}
	for len(ready) > 0 {
		j := 0
		if len(ready) > 1 {
			j = sc.rng.IntN(len(ready))
		}
		if sc.doCase(x, ready[j]) {
			o.idx = ready[j]
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
		start = sc.rng.IntN(n)
	}
	for j := 0; j < n; j++ { // the runtime builds at go 1.21
		i := (start + j) % n
		if x.op.cases[i].c.key() != 0 && sc.doCase(x, i) {
			return i
		}
	}
	return -1
}

// doCase performs case i of x's op; false if it could not proceed after all
// (a stale closed mark, or a race with uninstrumented code).
func (sc *sched) doCase(x *g, i int) bool {
	c := &x.op.cases[i]
	k := c.c.key()
	st := sc.chanSt(k)
	if c.c.cap() == 0 && !st.closed {
		if y, j := sc.partner(x, k, !c.send); y != nil {
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
			st.closed = false // reused address of a collected channel
		}
		if ok {
			sc.wakeList(&st.waiters) // its receivers may go on
			if sc.tr != nil {
				sc.tr.pending[k] = append(sc.tr.pending[k], x.id)
			}
		}
		return ok
	}
	v, ok, got := c.c.tryRecv()
	if !got {
		st.closed = false
		return false
	}
	sc.wakeList(&st.waiters) // its senders may go on
	sc.received(x, c, v, ok)
	return true
}

// received completes x's receive case c with value v (ok false: the
// channel was closed).
func (sc *sched) received(x *g, c *SelectCase, v any, ok bool) {
	k := c.c.key()
	c.c.store(c.dst, v)
	x.op.val, x.op.ok = v, ok
	if sc.tr != nil {
		sc.traceRecv(x, k, ok)
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
	if c.send {
		sc.traceHB(x, y)
	} else {
		sc.traceHB(y, x)
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
	sc.wakeG(y)
	return got
}

// poll completes, with non-blocking operations, the channel operations of
// blocked goroutines whose partner is outside the scheduler; it reports
// whether any completed.
func (sc *sched) poll() bool {
	any := false
	for _, y := range sc.liveGs() {
		o := &y.op
		if o.done || !o.waitsOnChan() {
			continue
		}
		for i := range o.cases {
			if o.cases[i].c.key() != 0 && sc.doCase(y, i) {
				o.idx, o.done = i, true
				sc.wakeG(y)
				any = true
				break
			}
		}
	}
	return any
}

// finishChan raises the panic of a send on a closed channel, after the step.
func (x *g) finishChan() {
	if p := x.op.panicVal; p != nil {
		x.op.panicVal = nil
		panic(p)
	}
}
