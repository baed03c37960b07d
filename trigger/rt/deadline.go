package rt

import "time"

// Deadlines of connections and files (net.Conn's SetDeadline and its
// Read and Write forms, a listener's, os.File's, tls.Conn's) run in real
// time in the poller, while the instrumented code that computes them
// reads the virtual clock. A deadline is passed on as far from the real
// now as it is from the virtual now: "100 ms from now" stays so when the
// clock has jumped ahead of real time, and in a replay, whose clock
// starts where the witness's run did, a deadline is not already past.

type (
	deadliner      interface{ SetDeadline(time.Time) error }
	readDeadliner  interface{ SetReadDeadline(time.Time) error }
	writeDeadliner interface{ SetWriteDeadline(time.Time) error }
)

// SetDeadline is c.SetDeadline(t) of a standard library's type.
func SetDeadline(c deadliner, t time.Time, s *Site) error { return c.SetDeadline(realDeadline(t)) }

// SetReadDeadline is c.SetReadDeadline(t) of a standard library's type.
func SetReadDeadline(c readDeadliner, t time.Time, s *Site) error {
	return c.SetReadDeadline(realDeadline(t))
}

// SetWriteDeadline is c.SetWriteDeadline(t) of a standard library's type.
func SetWriteDeadline(c writeDeadliner, t time.Time, s *Site) error {
	return c.SetWriteDeadline(realDeadline(t))
}

// realDeadline maps t, read on a managed goroutine's virtual clock, to
// the real time as far from now; the zero time (no deadline) and an
// unmanaged goroutine's times (real already) pass as they are.
func realDeadline(t time.Time) time.Time {
	g := enter()
	if g == nil || t.IsZero() {
		return t
	}
	sc := g.sc
	sc.mu.Lock()
	vnow := sc.clock.at(sc.clock.now)
	sc.mu.Unlock()
	return time.Now().Add(t.Sub(vnow))
}
