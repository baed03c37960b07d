package rt

import "strconv"

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

// object returns the run-scoped id of the object an operation's comm
// event names (its row's commObj: a WaitGroup, a Cond, the channel of a
// one-case operation), 0 for none (a select of several channels, a
// timer). Keys are weak pointers or channel identities, so recording
// keeps no object alive.
func (t *tracer) object(o *op) int {
	f := kinds[o.kind].commObj
	if f == nil {
		return 0
	}
	k := f(o)
	if k == nil {
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

// commMode is the comm mode of an op (its row's), 0 when it is not a
// communication.
func commMode(o *op) int {
	d := &kinds[o.kind]
	if d.commOf != nil {
		return d.commOf(o)
	}
	return d.comm
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
