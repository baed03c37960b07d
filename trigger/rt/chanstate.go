package rt

// chanState is what the model knows of one channel: whether it was closed
// by a managed goroutine, the goroutines blocked on it (enset.go), and for
// an unbuffered channel the managed operations waiting on it by direction,
// so that finding the partner of an operation does not scan every live
// goroutine. A partner entry holds the goroutine and the sequence number
// of the operation it was filed for (g.opSeq); entries of completed or
// departed operations are dropped when met.
type chanState struct {
	closed    bool
	waiters   []waitRef
	senders   []waitRef
	receivers []waitRef
}

// chanCacheSize is the size of the direct-mapped cache in front of
// sched.chans: a loop over a few channels does no map lookup.
const chanCacheSize = 64

type chanCacheEntry struct {
	k  uintptr
	st *chanState
}

// chanSt returns the state of the channel with key k (not 0). States are
// never dropped: a channel's address is reused only after it was collected,
// and the stale closed mark that can then remain is cleared when an
// operation finds the channel open (doCase).
func (sc *sched) chanSt(k uintptr) *chanState {
	e := &sc.chanCache[(k*0x9e3779b97f4a7c15)>>58]
	if e.k == k {
		return e.st
	}
	st := sc.chans[k]
	if st == nil {
		st = &chanState{}
		sc.chans[k] = st
	}
	e.k, e.st = k, st
	return st
}

// offer files x's pending channel operation as a partner on its unbuffered
// channels and wakes the goroutines blocked on them: x may be the partner
// they wait for.
func (sc *sched) offer(x *g) {
	for i := range x.op.cases {
		c := &x.op.cases[i]
		k := c.c.key()
		if k == 0 || c.c.cap() != 0 {
			continue
		}
		st := sc.chanSt(k)
		l := &st.receivers
		if c.send {
			l = &st.senders
		}
		if len(*l) >= 8 && len(*l) == cap(*l) {
			*l = dropStale(*l)
		}
		*l = append(*l, waitRef{x, x.opSeq})
		sc.wakeList(&st.waiters)
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
// an operation on channel k in direction send, and the index of its case.
func (sc *sched) partner(x *g, k uintptr, send bool) (*g, int) {
	st := sc.chanSt(k)
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
			if c := &y.op.cases[i]; c.send == send && c.c.key() == k {
				best, bi = y, i
				break
			}
		}
	}
	clear((*l)[n:])
	*l = (*l)[:n]
	return best, bi
}
