package rt

import (
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// A deadlock that only the test's timeout ends: every goroutine is blocked
// and the only timer that may wake any of them is a one-shot timer or a
// context deadline that selects wait on beside what they really wait for
// (`case <-done:` and `case <-time.After(time.Second):`). Without it the
// test would hang there for good. When it fires and the test fails (the
// timeout was its watchdog: a panic, t.Fatal, t.Error), the state before
// the firing is reported as the deadlock it is; a test that takes the
// timeout and goes on without failing (a timeout it expects) reports
// nothing.

// timeoutHang is the state noted when such a timer fired.
type timeoutHang struct {
	timer   *vtimer
	blocked []*g     // blocked goroutines other than the waiters, as they were
	seqs    []uint32 // their opSeq then: a step since means they moved
	waiters []*g     // the goroutines whose select the timer woke
	// net are the goroutines outside the scheduler, each waiting in
	// network I/O that only the process's own goroutines could end
	// (netwait.go), found so after a stall of the whole time to the
	// timeout; they may move once it fired (the failing test's cleanup
	// closes their connections).
	net     []*g
	netDesc []wire.Goroutine
	// desc describes the waiters as they waited (their stacks and text).
	desc  []wire.Goroutine
	texts []string
	after int64 // the timer's deadline as it fired (the waiter may Reset it after)
}

// noteTimeout is called on an idle scheduler (nothing can step) before t
// fires; it notes the state if it is such a deadlock, and forgets a state
// noted before. Goroutines outside the scheduler must all wait in network
// I/O that only the process's own goroutines could end (netStuck).
func (sc *sched) noteTimeout(t *vtimer) {
	sc.timedOut = nil
	blocked, waiters := sc.timeoutShape(t)
	if len(waiters) == 0 {
		return
	}
	var net []*g
	if sc.gs.outside.n > 0 {
		if net = sc.netStuck(); net == nil {
			return
		}
	}
	h := &timeoutHang{timer: t, blocked: blocked, waiters: waiters, net: net, after: t.when}
	for _, y := range blocked {
		h.seqs = append(h.seqs, y.opSeq)
	}
	h.desc = sc.describe(waiters)
	for _, y := range waiters {
		h.texts = append(h.texts, fmt.Sprintf("goroutine %d %s", y.id, sc.waitText(y, nil)))
	}
	h.netDesc = sc.describeNet(net)
	sc.timedOut = h
}

// timeoutShape returns, if every goroutine is blocked (or outside) and t
// is such a timeout, the blocked goroutines other than its waiters and
// the waiters whose select t would wake; no waiters otherwise.
func (sc *sched) timeoutShape(t *vtimer) (blocked, waiters []*g) {
	if t.kind != timerChan && t.kind != timerCtx || t.period != 0 || sc.clock.endAt >= 0 {
		return nil, nil
	}
	all := sc.blockedGs()
	// Goroutines the package's initialization started (a logger's loop)
	// are not waited for, as at the test's end (checkStuck); others that
	// are not managed may still come.
	if len(all) == 0 || sc.realTimerWaiters(all) || sc.unmanaged(0) > int(sc.clock.initAlive.Load()) {
		return nil, nil
	}
	// The channels each pending timer may close or send on: a timer's, or
	// the Done channels of a deadline's context and of those derived
	// from it.
	timers := map[uintptr]*vtimer{}
	for _, u := range sc.clock.timers {
		if u.when > goTestTimeout {
			// It cannot fire in a plain run: go test ends the run first
			// (a keepalive's two hours). Its channel is a channel like
			// any other, which nothing else will feed.
			continue
		}
		switch u.kind {
		case timerChan:
			timers[chanKey(u.ch)] = u
		case timerCtx:
			if !ctxDones(u.ctx, func(k uintptr) { timers[k] = u }) {
				return nil, nil
			}
		default:
			return nil, nil // a sleep or a callback may do anything
		}
	}
	for _, y := range all {
		timed, other, woken := false, false, false
		for _, cs := range y.op.cases {
			u := timers[cs.k]
			switch {
			case cs.k == 0:
			case u == nil:
				other = true
			case u.period != 0:
				return nil, nil // a ticker drives a loop: not a timeout
			default:
				timed = true
				woken = woken || u == t
			}
		}
		switch {
		case !timed:
			blocked = append(blocked, y)
		case !other || y.op.kind != opSelect:
			return nil, nil // waits for the timer alone: a sleep
		case woken:
			waiters = append(waiters, y)
		default:
			// A later timer would wake it (a protocol's own timeout, an
			// election's): a timeout that fires first ends a wait that
			// was not for good.
			return nil, nil
		}
	}
	return blocked, waiters
}

// goTestTimeout is go test's default -timeout, on the virtual clock (the
// run's start is 0): a timer due later cannot fire in a plain run.
const goTestTimeout = int64(10 * time.Minute)

// ctxDones calls add with the Done channel of c and of every context
// derived from it; false if one has a context.AfterFunc callback, which
// its cancellation runs (and which may do anything).
func ctxDones(c *vctx, add func(uintptr)) bool {
	c.mu.Lock()
	funcs, kids := len(c.funcs), slices.Collect(maps.Keys(c.children))
	c.mu.Unlock()
	if funcs > 0 {
		return false
	}
	add(chanKey(c.done))
	for _, k := range kids {
		if !ctxDones(k, add) {
			return false
		}
	}
	return true
}

// settleTimeout is called at the first step after the firing of a noted
// timeout by a goroutine other than its waiters (next), by the deciding
// goroutine self: if the test is failing by then, the deadlock is
// reported (the call does not return); otherwise the note is forgotten.
func (sc *sched) settleTimeout(self, next *g) {
	h := sc.timedOut
	if h == nil || slices.Contains(h.waiters, next) {
		return
	}
	sc.timedOut = nil
	if sc.testFailed() || self != nil && slices.Contains(h.waiters, self) && unwinding() {
		if f := sc.timeoutFinding(h); f != nil {
			sc.deadlock(f)
		}
	}
}

// endTimeout is settleTimeout at the test's end, which came first.
func (sc *sched) endTimeout(failed bool) {
	h := sc.timedOut
	sc.timedOut = nil
	if h != nil && failed {
		if f := sc.timeoutFinding(h); f != nil {
			sc.deadlock(f)
		}
	}
}

// timeoutFinding describes the noted state, or returns nil if one of its
// blocked goroutines has moved since.
func (sc *sched) timeoutFinding(h *timeoutHang) *finding {
	for i, y := range h.blocked {
		if y.opSeq != h.seqs[i] || y.state == gDone {
			return nil
		}
	}
	var f *finding
	if ws := sc.unreleasedWaiters(h.blocked); len(ws) > 0 {
		f = sc.unreleasedFinding(ws)
	} else if len(h.blocked) > 0 {
		f = sc.blockedFinding(h.blocked)
	} else {
		f = &finding{Kind: wire.Blocked, Locks: []wire.Lock{}}
	}
	if f.Kind == wire.Blocked {
		for _, y := range h.blocked {
			if y.op.lock() != nil {
				f.Kind = wire.Mixed // the waiters wait on channels
				break
			}
		}
	}
	msgs := slices.Clone(h.texts)
	if f.Message != "" {
		msgs = append(msgs, f.Message)
	}
	if len(h.net) > 0 {
		ids := make([]string, len(h.net))
		for i, y := range h.net {
			ids[i] = fmt.Sprint(y.id)
		}
		who, verb := "goroutine", "waits"
		if len(ids) > 1 {
			who, verb = "goroutines", "wait"
		}
		msgs = append(msgs, fmt.Sprintf("%s %s %s in network I/O on connections between the process's own sockets, with nothing in flight", who, strings.Join(ids, ", "), verb))
	}
	f.Message = strings.Join(msgs, "; ") +
		fmt.Sprintf("; nothing else could step: only the timeout created at %s could end these waits, and the test failed when it fired", h.timer.site)
	f.Goroutines = append(slices.Concat(h.desc, h.netDesc), f.Goroutines...)
	f.Timeout = &wire.Timeout{Site: toSite(h.timer.site), AfterNS: h.after}
	return f
}

// testFailed reports whether the test has failed so far.
func (sc *sched) testFailed() bool { return sc.failed != nil && sc.failed() }

// unwinding reports whether the calling goroutine is panicking or exiting
// (t.Fatal's Goexit): deferred calls run on top of those frames.
func unwinding() bool {
	pcs := make([]uintptr, 128)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		fr, more := frames.Next()
		if fr.Function == "runtime.gopanic" || fr.Function == "runtime.Goexit" {
			return true
		}
		if !more {
			return false
		}
	}
}
