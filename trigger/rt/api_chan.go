package rt

// Send is `ch <- v`.
func Send[T any](ch chan<- T, v T, s *Site) {
	g := enter()
	if g == nil {
		if meet([]SelectCase{{c: sendChan(ch), send: true, val: v}}) < 0 {
			ch <- v
			touched(sendChan(ch))
		}
		return
	}
	g.one[0] = SelectCase{c: sendChan(ch), send: true, val: v}
	g.do(op{kind: opSend, site: s, cases: g.one[:]})
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
		if meet([]SelectCase{{c: recvChan(ch), dst: &v, okp: &ok}}) < 0 {
			v, ok = <-ch
			touched(recvChan(ch))
		}
		return v, ok
	}
	g.one[0] = SelectCase{c: recvChan(ch)}
	g.do(op{kind: opRecv, site: s, cases: g.one[:]})
	g.finishChan()
	return as[T](g.op.val), g.op.ok
}

// Close is close(ch).
func Close[T any](ch chan<- T, s *Site) {
	g := enter()
	if g == nil {
		close(ch)
		return
	}
	g.one[0] = SelectCase{c: sendChan(ch)}
	g.do(op{kind: opClose, site: s, cases: g.one[:]})
	close(ch)
}

// SelectCase is one case of a Select, built by SendCase or RecvCase.
type SelectCase struct {
	c    chanOps
	send bool
	val  any // value to send
	dst  any // *T receiving the value, or nil
	okp  *bool
}

// SendCase is the select case `case ch <- v`.
func SendCase[T any](ch chan<- T, v T) SelectCase {
	return SelectCase{c: sendChan(ch), send: true, val: v}
}

// RecvCase is the select case `case *v, *ok = <-ch`; v and ok may be nil.
func RecvCase[T any](ch <-chan T, v *T, ok *bool) SelectCase {
	sc := SelectCase{c: recvChan(ch), okp: ok}
	if v != nil {
		sc.dst = v
	}
	return sc
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
			touched(cases[i].c)
		}
		return i
	}
	g.do(op{kind: opSelect, site: s, cases: cases, hasDefault: hasDefault})
	g.finishChan()
	return g.op.idx
}

// touched tells the model that an unmanaged goroutine operated on buffered
// channel c: the managed goroutines blocked on it may go on.
func touched(c chanOps) {
	sc := active()
	if sc == nil || sc.plain || c.cap() == 0 {
		return
	}
	sc.mu.Lock()
	sc.wakeList(&sc.chanSt(c.key()).waiters)
	sc.mu.Unlock()
}
