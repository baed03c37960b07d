package rt

// arrived writes a comm event (predict/TRACE.md) for the communication
// operations: channel sends, receives, selects and closes, WaitGroup and
// Cond waits, Cond signals. With the acquisitions and the happens-before
// edges around them, they show a lock held across a blocking operation
// and the partners of a select that could have taken another case.
func (t *tracer) arrived(x *g) {
	if m := commMode(&x.op); m != 0 {
		t.ints("comm", 3, x.id, t.site(x.op.site), m)
	}
}

// commMode is the comm mode of an op, 0 when it is not a communication.
func commMode(o *op) int {
	switch o.kind {
	case opSend, opRecv, opSelect:
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
	case opClose:
		return commClose
	case opWGWait:
		return commWGWait
	case opCondWait:
		return commCondWait
	case opCondSignal, opCondBroadcast:
		return commSignal
	case opTimerStop, opTimerReset:
		return commTimerStop
	}
	return 0
}

// The comm mode bits, as predict/trace's Comm* (the runtime imports only
// the standard library; TestCommBits checks they agree).
const (
	commSend = 1 << iota
	commRecv
	commSelect
	commDefault
	commClose
	commWGWait
	commCondWait
	commSignal
	commUnbuffered
	commFire
	commTimerStop
)

// fired writes a timer's firing as a comm event of goroutine 0 at the
// timer's creation site.
func (t *tracer) fired(s *Site) { t.ints("comm", 3, 0, t.site(s), commFire) }
