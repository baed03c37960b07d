package rt

// A goroutine the scheduler does not manage (started by uninstrumented
// code: testify's Eventually, an http server) may run instrumented channel
// operations, which then pass through to the real channel. A managed
// goroutine never blocks for real at an unbuffered channel: it parks in the
// model until the scheduler hands it a partner. A blocking real operation
// is found by the scheduler's polls, but a select with a default on the
// unmanaged side would never see the managed partner, and the pair would
// never meet although Go lets them. meet completes such an operation with a
// managed goroutine parked at the opposite operation, as handoff does
// between two managed ones.

// meet completes one of cases, operations of an unmanaged goroutine, with a
// parked managed partner on an unbuffered channel; it returns the case's
// index, or -1 (then the caller performs the real operation).
func meet(cases []SelectCase) int {
	sc := active()
	if sc == nil {
		return -1
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.dead {
		return -1
	}
	for i := range cases {
		c := &cases[i]
		if c.k == 0 || c.size != 0 {
			continue
		}
		st := chanModel.of(sc).get(c.k)
		if st.closed {
			continue
		}
		y, j := sc.partner(nil, c.k, st, !c.send)
		if y == nil {
			continue
		}
		sc.exchange(c, y, j)
		sc.progress++
		if sc.cur.Load() == nil {
			sc.decide(nil)
		}
		return i
	}
	return -1
}
