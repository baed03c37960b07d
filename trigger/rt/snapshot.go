package rt

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// The time bound. When the configuration sets bound_ms, a run that is
// still going at the bound is stopped by the runtime itself (the driver
// kills it only if it does not): the scheduler records every goroutine's
// state and classifies the run. A wait-for cycle, everything blocked, or
// a lock held by an ended goroutine is a deadlock and is reported as one
// (exit 3, replayed by the driver like any other). Anything else is a
// hang: the result's outcome is "hang", it carries the snapshot, and the
// process exits with status 4.

// Hang classes (wire.Snapshot's Class).
const (
	hangSpin    = wire.HangSpin
	hangSlow    = wire.HangSlow
	hangOutside = wire.HangOutside
	hangPlain   = wire.HangPlain
)

// hangScheduleMax is the longest schedule a hang's result keeps as a
// list; up to hangCompactMax steps (the driver reads them back into a
// list) it keeps one that run-length encodes in as many runs at most.
const (
	hangScheduleMax = 200_000
	hangCompactMax  = 2_000_000
)

// exitHang is the exit status of a run stopped at its bound without a
// deadlock.
const exitHang = 4

// armBound starts the bound's timer for a controlled run.
func (sc *sched) armBound() {
	if sc.cfg.BoundMS <= 0 {
		return
	}
	bound := time.Duration(sc.cfg.BoundMS) * time.Millisecond
	time.AfterFunc(bound*3/4, func() {
		sc.mu.Lock()
		if !sc.bound.marked { // late, after atBound began its second look: keep that
			sc.bound.markSteps, sc.bound.marked = sc.steps.len(), true
		}
		sc.mu.Unlock()
	})
	time.AfterFunc(bound, sc.atBound)
}

// boundState is what the bound's timers remember.
type boundState struct {
	markSteps int // steps at three quarters of the bound
	marked    bool
	second    bool // the window is atBound's second look, not the last quarter
}

// windowText names the window the classification watched.
func (b *boundState) windowText(watchdogMS int) string {
	if b.second {
		return fmt.Sprintf("in a second look of %v after the bound", 4*time.Duration(watchdogMS)*time.Millisecond)
	}
	return "in the last quarter of the bound"
}

// atBound stops the run at its bound: a deadlock if the state is one, a
// hang with its snapshot otherwise.
func (sc *sched) atBound() {
	// The goroutine dump is taken before sc.mu is held: with it held, a
	// goroutine about to step would show as waiting for it.
	dump := dumpAll()
	sc.mu.Lock()
	if sc.dead {
		sc.mu.Unlock()
		return
	}
	if !sc.bound.marked || sc.steps.len() == sc.bound.markSteps {
		// No step since three quarters of the bound, or that timer has
		// not run yet: watch a little longer, so that a process the
		// machine's load starved for a while (its timers fire late too)
		// is not taken for stuck.
		sc.bound.markSteps, sc.bound.marked, sc.bound.second = sc.steps.len(), true, true
		sc.mu.Unlock()
		time.Sleep(4 * time.Duration(sc.cfg.WatchdogMS) * time.Millisecond)
		dump = dumpAll()
		sc.mu.Lock()
		if sc.dead {
			sc.mu.Unlock()
			return
		}
	}
	// The goroutine holding the token runs its own code between two
	// operations: its last operation is done, whatever its model says.
	cur := sc.cur.Load()
	blocked := slices.DeleteFunc(sc.blockedGs(), func(x *g) bool { return x == cur })
	sc.boundDeadlock(blocked)
	live := sc.gs.liveList()
	if len(blocked) > 0 && cur == nil && len(blocked) == len(live) && sc.gs.outside.n == 0 && !sc.realTimerWaiters(live) && !sc.timersMayWake(blocked) {
		sc.deadlock(sc.blockedFinding(blocked))
	}
	snap := sc.snapshot(dump)
	sc.proveBlocked(blocked) // a deadlock if Go's leak profile proves one
	sc.dead = true
	sc.flushObserver()
	// A long schedule (millions of steps of a spin) is kept only if it
	// encodes compactly, read from the step log without making the list.
	n := sc.steps.len()
	var rle *wire.CompactSchedule
	if n > hangScheduleMax {
		if n <= hangCompactMax {
			rle = sc.steps.compact(n)
		}
		if rle == nil || len(rle.Runs) > hangScheduleMax {
			rle = nil
			sc.warn("the hang's schedule of %d steps is not kept (kept: up to %d steps that encode in at most %d runs)", n, hangCompactMax, hangScheduleMax)
		}
		n = 0
	}
	r := sc.resultUpTo(nil, n)
	r.Outcome, r.Hang, r.ScheduleRLE = "hang", snap, rle
	sc.mu.Unlock()
	sc.writeResult(r)
	fmt.Fprintf(os.Stderr, "deadhunt: hang (%s) in %s at the bound of %v, strategy %s seed %d, after %d steps: %s\n",
		snap.Class, r.Test, time.Duration(sc.cfg.BoundMS)*time.Millisecond, r.Strategy, r.Seed, r.Steps, snap.Reason)
	os.Exit(exitHang)
}

// boundDeadlock reports (and does not return) a deadlock among blocked
// that goroutines still running cannot end: a wait-for cycle, or waiters
// of a lock held only by ended goroutines. At the bound, nothing else ran
// into them for a whole bound; a replay checks the same where its
// schedule ends, the point at which the original run had got there.
func (sc *sched) boundDeadlock(blocked []*g) {
	var f *finding
	if c := sc.findCycle(blocked); c != nil {
		f = sc.cycleFinding(sc.cycleKind(c), c)
	} else if ws := sc.unreleasedWaiters(blocked); len(ws) > 0 {
		f = sc.unreleasedFinding(ws)
	} else {
		return
	}
	f.Message += fmt.Sprintf(" (found at the time bound after %d steps, other goroutines still running)", sc.steps.len())
	sc.deadlock(f)
}

// snapshot records every managed goroutine and classifies the hang.
// Called with sc.mu held.
func (sc *sched) snapshot(dump map[uint64]gdump) *wire.Snapshot {
	s := &wire.Snapshot{BoundMS: sc.cfg.BoundMS, Steps: sc.steps.len(), ClockNanos: sc.clock.now}
	managed := map[uint64]bool{}
	cur := sc.cur.Load()
	var enabled, spinners, outside int
	var lostUnlocks []string
	for _, x := range sc.gs.all {
		gj := wire.SnapGoroutine{ID: x.id, Created: toSite(x.created), Holds: x.holdClasses()}
		id := x.goid.Load()
		if d, ok := dump[id]; ok && x.state != gDone {
			managed[id] = true
			gj.GoState, gj.Stack = d.state, d.frames
		}
		switch {
		case x.state == gDone:
			if len(x.held) == 0 {
				continue // an ended goroutine matters only if it holds a lock
			}
			gj.State = "ended"
			gj.WaitsFor = fmt.Sprintf("nothing: ended after its last step at %s", toSite(x.op.site))
		case x.state == gOutside:
			gj.State = "outside"
			gj.WaitsFor = x.why
			outside++
		case x.op.kind.has(ending):
			gj.State = "test ended"
		case x == cur || sc.canRun(x):
			gj.State = "enabled"
			if x == cur {
				gj.State = "running"
			}
			if x.spins >= spinLimit { // polled since its last progress (countSpin)
				gj.State = "spinning"
				spinners++
			}
			enabled++
		default:
			gj.State = "blocked"
			gj.WaitsFor = sc.waitsForText(x)
			if lost := sc.lostUnlock(x, dump); lost != "" {
				gj.WaitsFor += "; " + lost
				lostUnlocks = append(lostUnlocks, fmt.Sprintf("goroutine %d waits for a lock %s", x.id, lost))
			}
		}
		s.Goroutines = append(s.Goroutines, gj)
	}
	for _, t := range sc.clock.timers {
		s.Timers = append(s.Timers, wire.SnapTimer{Site: toSite(t.site), InNanos: t.when - sc.clock.now})
	}
	s.Unmanaged = unmanaged(dump, managed)
	window := sc.steps.len() - sc.bound.markSteps
	curState := ""
	if cur != nil {
		curState = dump[cur.goid.Load()].state
	}
	s.Class, s.Reason = sc.classify(cur, curState, window, enabled, spinners, outside)
	if n := len(lostUnlocks); n > maxReasonLost {
		lostUnlocks = append(lostUnlocks[:maxReasonLost], fmt.Sprintf("%d more goroutines wait for such locks (each goroutine's waits_for names its own)", n-maxReasonLost))
	}
	if len(lostUnlocks) > 0 {
		s.Reason += "; " + strings.Join(lostUnlocks, "; ")
	}
	return s
}

// lostUnlock says, for x blocked on a lock, which live holder took it in a
// function that has since returned (its frame is on none of the holder's
// stack): a callback that returned without releasing it, the lock then
// held for as long as its goroutine lives on. It is not a proof (a helper
// may take a lock that its caller releases later), so the hang stays a
// hang, with this as evidence. "" when there is none.
func (sc *sched) lostUnlock(x *g, dump map[uint64]gdump) string {
	l := lockAddr(x.op.lock())
	if l == nil {
		return ""
	}
	ts, _ := sc.waitsFor(x)
	for _, y := range ts {
		h, ok := heldOf(y, l)
		d, dumped := dump[y.goid.Load()]
		if !ok || y.state == gDone || !dumped || h.site == nil || h.site.Func == "" || onStack(h.site.Func, d.frames) {
			continue
		}
		return fmt.Sprintf("taken by goroutine %d at %s in %s, which has returned without releasing it", y.id, toSite(h.site), h.site.Func)
	}
	return ""
}

// maxReasonLost is the number of lost unlocks a hang's reason names (a
// pool of 10,000 goroutines may wait for one lock).
const maxReasonLost = 3

// lostUnlockPrefix starts the warning of warnLostUnlocks, which the
// driver shows (driver.LostUnlockPrefix).
const lostUnlockPrefix = "lost unlock: "

// warnLostUnlocks warns, as the test ends, of each goroutine left blocked
// on a lock that a live goroutine took in a function that has returned
// (lostUnlock): a test that passes while a goroutine it leaked waits on a
// callback's lost unlock says so. Called with sc.mu held.
func (sc *sched) warnLostUnlocks() {
	var waiting []*g
	for _, x := range sc.blockedGs() {
		if x.op.lock() != nil {
			waiting = append(waiting, x)
		}
	}
	if len(waiting) == 0 {
		return
	}
	dump := dumpAll()
	for _, x := range waiting {
		if lost := sc.lostUnlock(x, dump); lost != "" {
			sc.warn("%sgoroutine %d, left blocked at %s when the test ended, waits for a lock %s", lostUnlockPrefix, x.id, toSite(x.op.site), lost)
		}
	}
}

// onStack reports whether function fn (a site's Func: "pkg.F",
// "pkg.(*T).M", or a full path) has a frame in frames, itself or a
// closure of it; a generic function's frame names its instance
// ("pkg.F[...]"), compared without it.
func onStack(fn string, frames []frame) bool {
	for _, f := range frames {
		for _, n := range frameNames(strings.ReplaceAll(f.Func, "[...]", "")) {
			if n == fn || strings.HasPrefix(n, fn+".func") {
				return true
			}
		}
	}
	return false
}

// frameNames are the names a site's function may have for a frame's
// function name: the whole, and with the package path cut to its last
// element, which for a major version suffix is the one before it (a
// frame "example.com/m/pool/v2.(*pool).submit" is the site's
// "pool.(*pool).submit"; "gopkg.in/yaml.v3.Marshal" is "yaml.Marshal").
func frameNames(name string) []string {
	slash := strings.LastIndex(name, "/")
	short := name[slash+1:]
	names := []string{name, short}
	elem, rest, _ := strings.Cut(short, ".")
	if majorVersion(elem) && slash > 0 {
		prev := name[strings.LastIndex(name[:slash], "/")+1 : slash]
		names = append(names, prev+"."+rest)
	}
	if pkg, after, ok := strings.Cut(rest, "."); ok && majorVersion(pkg) {
		names = append(names, elem+"."+after) // gopkg.in/yaml.v3
	}
	return names
}

// majorVersion reports whether s is a major version suffix: v2, v10.
func majorVersion(s string) bool {
	if len(s) < 2 || s[0] != 'v' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// classify names the hang from the last quarter of the bound (or the
// last moments of a second look, atBound): no step
// at all (the token's holder computes or blocks outside instrumented
// code, or every managed goroutine waits outside), only polls (spin or
// livelock), or progress (slow). Every enabled goroutine counting as a
// spinner (it polled spinLimit times since it last had to wait) is a spin
// too — a loop "Lock a; TryLock b fails; Unlock a" has steps that are not
// polls — unless the window shows progress: goroutines started, a
// WaitGroup or channel that moved, a wait that ended (workers that yield
// in a spin lock of their own while they finish tasks, as pools do).
func (sc *sched) classify(cur *g, st string, window, enabled, spinners, outside int) (class, reason string) {
	w := sc.bound.windowText(sc.cfg.WatchdogMS)
	polls, moved := 0, 0
	for i := max(0, sc.steps.len()-window); i < sc.steps.len(); i++ {
		switch s := sc.steps.at(i); {
		case idleStep(s):
			polls++
		case kinds[s.kind].flags&moves != 0:
			moved++
		}
	}
	t := sc.clock.useful()
	switch {
	case window == 0 && cur != nil:
		if isRunning(st) {
			return hangSlow, fmt.Sprintf("goroutine %d computes outside instrumented code [%s] since its step at %s", cur.id, st, toSite(cur.op.site))
		}
		return hangOutside, fmt.Sprintf("goroutine %d is blocked outside instrumented code [%s] since its step at %s", cur.id, st, toSite(cur.op.site))
	case window == 0 && cur == nil && sc.clock.stallNet && !sc.clock.stalled.IsZero() && t != nil:
		// The clock waits in real time for a test's timeout while the
		// goroutines outside wait on the network for good (netwait.go):
		// a longer bound lets the timeout come.
		return hangSlow, fmt.Sprintf("no step %s: every goroutine waits, %d of them on loopback connections with nothing in flight, and the clock waits in real time for the test's timeout created at %s, %v after the wait began",
			w, outside, t.site, time.Duration(t.when-sc.clock.now).Round(time.Millisecond))
	case window == 0:
		return hangOutside, fmt.Sprintf("no step %s: %d goroutine(s) outside instrumented code, %d blocked", w, outside, len(sc.blockedGs()))
	case polls == window || enabled > 0 && spinners == enabled && moved == 0:
		return hangSpin, fmt.Sprintf("%d steps %s, %d of them polls (Gosched, Sleep, TryLock, select default, timer firings): goroutines enabled but making no progress", window, w, polls)
	}
	return hangSlow, fmt.Sprintf("%d steps %s, %d of them polls, %d starting goroutines or moving WaitGroups and channels: still making progress", window, w, polls, moved)
}

// idleStep reports whether a step of the schedule is one a polling loop
// makes: a yield, a Try operation, a select that may take its default, a
// sleep, or a timer's firing (goroutine 0). A loop that sleeps until a
// flag nobody sets is a livelock on the virtual clock.
func idleStep(s stepRec) bool {
	return s.g <= 0 || kinds[s.kind].flags&(sleeps|poll|pollIfFailed|pollIfDefault) != 0
}

// unmanaged lists the goroutines of the dump the scheduler does not
// manage and that run code other than the testing package's and the
// runtime's.
func unmanaged(dump map[uint64]gdump, managed map[uint64]bool) []wire.SnapGoroutine {
	var out []wire.SnapGoroutine
	ids := make([]uint64, 0, len(dump))
	for id := range dump {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		d := dump[id]
		if managed[id] || d.ours || len(d.frames) == 0 || strings.HasPrefix(d.frames[0].Func, "testing.") ||
			strings.HasPrefix(d.frames[0].Func, "os/signal.") || strings.HasPrefix(d.frames[0].Func, "time.") {
			continue
		}
		out = append(out, wire.SnapGoroutine{State: "unmanaged", GoState: d.state, Stack: d.frames})
	}
	return out
}
