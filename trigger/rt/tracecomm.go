package rt

import (
	"strconv"
	"sync"
	"weak"
)

// arrived writes a comm event (predict/TRACE.md) for the communication
// operations: channel sends, receives, selects and closes, WaitGroup and
// Cond waits, Cond signals. With the acquisitions and the happens-before
// edges around them, they show a lock held across a blocking operation
// and the partners of a select that could have taken another case.
func (t *tracer) arrived(x *g) {
	m := commMode(&x.op)
	if m == 0 {
		return
	}
	if id := t.object(&x.op); id != 0 {
		t.line("comm", strconv.Itoa(x.id), strconv.Itoa(t.site(x.op.site)), strconv.Itoa(m), strconv.Itoa(id))
		return
	}
	t.ints("comm", 3, x.id, t.site(x.op.site), m)
}

// object returns the run-scoped id of the WaitGroup, Cond or channel an
// operation works on (the comm event's obj field), 0 for a select of
// several channels and for timers. Keys are weak pointers or channel
// identities, so recording keeps no object alive.
func (t *tracer) object(o *op) int {
	var k any
	switch o.kind {
	case opWGAdd, opWGWait:
		k = weak.Make(o.obj.(*sync.WaitGroup))
	case opCondWait, opCondSignal, opCondBroadcast:
		k = weak.Make(o.obj.(*sync.Cond))
	case opSend, opRecv, opSelect, opClose:
		if len(o.cases) != 1 || o.cases[0].k == 0 {
			return 0
		}
		k = o.cases[0].k
	default:
		return 0
	}
	if t.objs == nil {
		t.objs = map[any]int{}
	}
	id, ok := t.objs[k]
	if !ok {
		id = len(t.objs) + 1
		t.objs[k] = id
	}
	return id
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
	case opWGAdd:
		if o.n > 0 {
			return commWGAdd
		}
		if o.n < 0 {
			return commWGDone
		}
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
	commWGAdd
	commWGDone
)

// fired writes a timer's firing as a comm event of goroutine 0 at the
// timer's creation site.
func (t *tracer) fired(s *Site) { t.ints("comm", 3, 0, t.site(s), commFire) }
