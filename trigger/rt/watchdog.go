package rt

import (
	"bytes"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// watch is the watchdog's state.
type watch struct {
	stop    chan struct{} // stops the watchdog
	running bool          // the watchdog runs
	idle    chan struct{} // wakes the watchdog when the scheduler goes idle
	// waiting is set while the idle watchdog waits holding sc.mu
	// (waitOutside); interrupt ends that wait (interruptIfWaiting).
	waiting   atomic.Bool
	interrupt chan struct{}
}

func newWatch() watch {
	return watch{stop: make(chan struct{}), idle: make(chan struct{}, 1), interrupt: make(chan struct{}, 1)}
}

// interruptIfWaiting is called before a goroutine that may not hold the
// token takes sc.mu: while the idle watchdog holds the lock waiting for a
// value from outside (waitOutside), a goroutine coming back from outside
// instrumented code wakes it first, instead of waiting out the wait (a
// millisecond or more of the timer's granularity, then the watchdog's
// next wait: a test on real TCP waited about 2 ms at every request). An
// atomic load on every operation's path; the send is apart, so that this
// inlines.
func (w *watch) interruptIfWaiting() {
	if w.waiting.Load() {
		w.interruptWait()
	}
}

// interruptWait ends the idle watchdog's wait (interruptIfWaiting).
func (w *watch) interruptWait() {
	select {
	case w.interrupt <- struct{}{}:
	default:
	}
}

// wakeWatchdog starts the watchdog if it is not running: it runs while
// some goroutine is managed (see watchdog), so that a test binary whose
// TestMain checks for leaked goroutines after the tests (goleak) does not
// find it. Called with sc.mu held.
func (sc *sched) wakeWatchdog() {
	if !sc.dog.running {
		sc.dog.running = true
		go sc.watchdog()
	}
}

// watchdog releases a goroutine that holds the token but does not come back
// to an instrumented call within watchdog_ms (it blocks or computes outside
// instrumented code): it is marked outside and the others go on. While the
// scheduler is idle it polls channel waiters whose partner is outside the
// scheduler, and after the grace period reports goroutines blocked for good.
func (sc *sched) watchdog() {
	limit := time.Duration(sc.cfg.WatchdogMS) * time.Millisecond
	lastProgress, lastCur := -1, (*g)(nil)
	since := time.Now()
	looked := time.Time{} // the stall whose early look found the goroutine not waiting on others
	// quick: a goroutine was released waiting on others (the test does
	// network I/O, most likely again): the first look comes after
	// quickLook (with a stack dump: four times what the last dump took,
	// in a process of many goroutines), not a quarter of the limit, and
	// the loop ticks as often. fast: a goroutine's state can be read from
	// its g (gstate.go), which costs nothing: the first look comes after
	// a 25th of the limit even before.
	quick, fast := false, gLayoutOf().ok
	var dumpTook time.Duration
	var naps *napper // waits shorter than a millisecond (nap_linux.go)
	if fast {
		naps = newNapper()
		defer naps.close()
	}
	var idle idleCredit
	for {
		look := limit / 4
		switch {
		case quick && fast:
			look = quickLook
		case quick:
			look = min(look, max(quickLook, 4*dumpTook))
		case fast:
			look = limit / 25
		}
		tick := look
		sc.mu.Lock()
		if sc.dead {
			sc.mu.Unlock()
			return
		}
		cur := sc.cur.Load()
		if cur == nil && sc.gs.live.n == 0 && sc.gs.outside.n == 0 {
			// Nothing is managed (the test is over and its goroutines
			// are done): stop until a goroutine joins again.
			sc.dog.running = false
			sc.releaseHolds()
			sc.mu.Unlock()
			return
		}
		now := time.Now()
		if sc.progress != lastProgress || cur != lastCur {
			lastProgress, lastCur, since = sc.progress, cur, now
		}
		switch {
		case cur != nil && !cur.napping.Load() && !cur.parked.inflight.Load() && now.Sub(since) >= look:
			// A goroutine that runs (computes, or waits for a CPU on a
			// loaded machine) gets more time than one blocked in a
			// wait: releasing it costs determinism. One blocked on
			// other goroutines (a network read, an uninstrumented
			// channel or lock) waits, most likely, for one the token
			// keeps from running: it goes at the first look, a quarter
			// of the limit, a 25th once one went so (a test on real TCP
			// waited the whole limit at every read). A look that takes
			// a stack dump is taken once per stall.
			// Its wait reason is read without sc.mu: a goroutine waiting
			// for the scheduler's own lock is not outside.
			stalled := now.Sub(since)
			if stalled < limit && looked.Equal(since) {
				break
			}
			goid, progress := cur.goid.Load(), sc.progress
			sc.mu.Unlock()
			st := fastState(cur, naps) // read again at every look: it costs nothing
			if st == "" {
				t0 := time.Now()
				st = waitReason(goid)
				dumpTook = time.Since(t0)
				looked = since
			}
			sc.mu.Lock()
			if sc.dead || sc.cur.Load() != cur || sc.progress != progress {
				break
			}
			if releaseNow(st, stalled, limit) {
				sc.release(cur, stalled, st)
				quick = quick || waitsOnOthers(st)
			}
		case cur == nil && sc.gathering():
			tick = time.Millisecond
		case cur == nil:
			tick = time.Millisecond
			if sc.jumpDue(now) || sc.poll() || sc.anyEnabled() {
				sc.decide(nil)
				break
			}
			credited := idle.turn(sc.life.idleAt, now)
			waited, fired := sc.waitOutside(outsideWait)
			if waited {
				tick = 0 // it has waited already
			}
			switch {
			case fired:
				sc.decide(nil)
			case sc.dead:
			case sc.gs.live.n > 0 && sc.graceOver(credited):
				sc.checkStuck(true)
			}
		}
		sc.mu.Unlock()
		if tick == 0 {
			continue
		}
		if tick < time.Millisecond && naps.nap(tick) {
			select {
			case <-sc.dog.stop:
				sc.watchdogStopped()
				return
			default:
				continue
			}
		}
		select {
		case <-sc.dog.stop:
			sc.watchdogStopped()
			return
		case <-sc.dog.idle:
		case <-time.After(max(tick, quickLook)):
		}
	}
}

// watchdogStopped ends the watchdog at the end of the run: nobody wakes
// the goroutines it holds.
func (sc *sched) watchdogStopped() {
	sc.mu.Lock()
	if !sc.dead {
		sc.releaseHolds()
	}
	sc.mu.Unlock()
}

// quickLook is the shortest wait before a look at a goroutine that holds
// the token outside instrumented code, once one was released waiting on
// others: a test on real TCP blocks in a read at nearly every request,
// and the token waits that long each time (2 ms before: 0.35 s of a
// 0.03 s run).
const quickLook = 250 * time.Microsecond

// fastState is x's state read from its g, where that answers: a state
// that is no wait (running, runnable, in a system call), or a wait on the
// network or a channel outside instrumented code that a second read, a
// moment later, confirms; "" otherwise (a stack dump then answers). A
// lock's wait is left to the dump: x may be taking the scheduler's own.
func fastState(x *g, naps *napper) string {
	st := fastWaitReason(x)
	switch st {
	case "running", "runnable", "preempted", "syscall":
		return st
	case "IO wait", "chan receive", "select":
	default:
		return ""
	}
	if !naps.nap(settleRead) {
		time.Sleep(settleRead) // a millisecond, where every goroutine waits
	}
	if fastWaitReason(x) != st {
		return ""
	}
	return st
}

// settleRead is the moment between fastState's two reads of a wait.
const settleRead = 20 * time.Microsecond

// release takes the running goroutine x out of the decision set because it
// has not come back to an instrumented call for d.
func (sc *sched) release(x *g, d time.Duration, state string) {
	sc.warn("goroutine %d released by the watchdog after %v outside instrumented code [%s] (last step at %s)", x.id, d.Round(time.Millisecond), state, x.op.site)
	sc.leave(x, gOutside)
	x.why = "watchdog"
	x.busy = working(state)
	sc.decide(nil)
}

// waitReason returns the state Go's stack dump gives goroutine goid
// ("chan receive", "IO wait", "running", ...), or "" if it is not found.
func waitReason(goid uint64) string {
	if goid == 0 {
		return "starting" // chosen before its goroutine registered
	}
	buf := allStacks()
	head := []byte("goroutine " + strconv.FormatUint(goid, 10) + " [")
	i := bytes.Index(buf, head)
	if i < 0 {
		return ""
	}
	rest := buf[i+len(head):]
	j := bytes.IndexAny(rest, ",]")
	if j < 0 {
		return ""
	}
	return string(rest[:j])
}

// isRunning reports whether a wait reason means the goroutine is not
// waiting for anything but a CPU.
func isRunning(state string) bool {
	return state == "running" || state == "runnable" || state == "preempted" || state == "starting"
}

// releaseNow decides the release of a goroutine away from instrumented
// code for stalled, in state: waiting on others, at once; in any other
// wait (a sleep, a system call), after the limit; running, after eight.
func releaseNow(state string, stalled, limit time.Duration) bool {
	return waitsOnOthers(state) || !isRunning(state) && stalled >= limit || stalled >= 8*limit
}

// waitsOnOthers reports whether a wait reason means the goroutine waits
// for another goroutine or for the network: not a sleep, a system call or
// the runtime's own waits.
func waitsOnOthers(state string) bool {
	switch {
	case state == "IO wait", state == "semacquire", strings.HasPrefix(state, "select"),
		strings.HasPrefix(state, "chan "), strings.HasPrefix(state, "sync."):
		return true
	}
	return false
}

// working reports whether a wait reason means the goroutine works: it
// runs, or is in a system call (writing a file, say), not waiting on
// anything of the program's. The driver reads a plain run's snapshot by
// the same rule (driver.busyAtBound).
func working(state string) bool { return isRunning(state) || strings.HasPrefix(state, "syscall") }

// idleCredit is the time an idle scheduler's grace period has counted:
// the time the watchdog's loop ran since the scheduler went idle, each
// turn at most idleTurn. A process starved of CPU (a loaded machine) thus
// waits longer in real time before goroutines count as blocked for good,
// since what could wake them (an outside timer's goroutine) was starved
// too.
type idleCredit struct {
	from, last time.Time
	credited   time.Duration
}

// idleTurn is the most one turn of the idle watchdog counts (a turn waits
// a millisecond or less).
const idleTurn = 5 * time.Millisecond

// turn counts a turn at now of the idle period that began at idleAt (a
// new one starts from nothing) and returns the time credited.
func (c *idleCredit) turn(idleAt, now time.Time) time.Duration {
	if !idleAt.Equal(c.from) {
		c.from, c.last, c.credited = idleAt, idleAt, 0
	}
	c.credited += min(max(now.Sub(c.last), 0), idleTurn)
	c.last = now
	return c.credited
}
