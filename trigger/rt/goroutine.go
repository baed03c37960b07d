package rt

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"time"
)

// Goroutines: starting one under the scheduler, its first step, its end,
// yields, and leaving the scheduler for code it does not control.

// Go is the go statement `go f()`; the instrumenter evaluates the function
// value and its arguments in the parent first.
func Go(s *Site, f func()) {
	g := enter()
	if g == nil {
		countGo()
		if sc := active(); sc != nil && !sc.clock.testStarted.Load() {
			// Started by the package's initialization (or TestMain before
			// m.Run): not the test's, and not the testing package's.
			c := &sc.clock
			c.initAlive.Add(1)
			go func() {
				defer c.initAlive.Add(-1)
				f()
			}()
			return
		}
		go f()
		return
	}
	var pcs [maxCallers]uintptr
	n := runtime.Callers(2, pcs[:]) // from the function with the go statement
	g.spawn(s, f, nil, pcs[:n])
}

// maxCallers bounds the calls kept of a goroutine's start (g.callers).
const maxCallers = 12

// Gosched is runtime.Gosched: under control a yield.
func Gosched(s *Site) {
	g := enter()
	if g == nil {
		runtime.Gosched()
		return
	}
	g.do(opGosched, s, nil)
	g.backoff(0)
}

var (
	// opStart is a goroutine's first step.
	opStart   = newKind(kindDef{name: "Start", explore: (*explorer).didLocal, flags: always | moves})
	opGosched = newKind(kindDef{name: "Gosched", explore: (*explorer).didLocal, flags: always | poll})
	opGo      = newKind(kindDef{name: "Go", exec: execGo, explore: (*explorer).didLocal, flags: always | progress | moves})
	// opGoOn is the creator's code after a `go` statement, which a real
	// run may run after the new goroutine's first steps (goOn).
	opGoOn = newKind(kindDef{name: "GoOn", explore: (*explorer).didLocal, flags: always})
)

// spawn starts f on a new managed goroutine created at s; after, if not nil,
// runs when f ends (WGGo's Done). Then x decides whether the new goroutine
// runs its first steps before x's next ones (goOn).
func (x *g) spawn(s *Site, f, after func(), callers []uintptr) {
	x.do(opGo, s, nil)
	child := x.op.sub
	child.ncallers = uint8(copy(child.callers[:], callers))
	go child.main(f, after)
	x.do(opGoOn, s, child)
}

// goOn is the choice after a `go` statement. In a real run the new
// goroutine often starts on another processor at once, and its first
// steps race the code its creator runs next (a map or field written on one
// side, read on the other); without this choice the creator would always
// run to its next operation first. At the creator's opGoOn the decision is
// between the two only; when the new goroutine goes, it runs to its first
// operation and the decision after that is the creator's, so the others
// get no turn they would not have had.
type goOn struct {
	pair    [2]*g
	pending *g // the creator whose choice this decision is
	back    *g // the creator, to go on at the next decision
}

// view narrows the decision en for self, and says whether it did.
func (o *goOn) view(self *g, en enView) (enView, bool) {
	if p := o.back; p != nil {
		o.back = nil
		if en.Has(p) {
			o.pair[0] = p
			return listView(o.pair[:1]), true
		}
		return en, false
	}
	if self == nil || self.op.kind != opGoOn || en.Len() < 2 {
		return en, false
	}
	child, _ := self.op.obj.(*g)
	if child == nil || !en.Has(self) || !en.Has(child) {
		return en, false
	}
	o.pair, o.pending = [2]*g{self, child}, self // in ID order: the child is the younger
	return listView(o.pair[:]), true
}

// goOnPair returns the creator and the new goroutine when en is the choice
// after a `go` statement (view), else nils.
func goOnPair(en enView) (creator, child *g) {
	if en.whole() || en.Len() != 2 {
		return nil, nil
	}
	if x, y := en.At(0), en.At(1); x.op.kind == opGoOn && x.op.obj == any(y) {
		return x, y
	}
	return nil, nil
}

// goOnView reports whether en is narrowed around a go statement: the
// choice (goOnPair) or the creator's turn after the new goroutine went.
func goOnView(en enView) bool {
	if c, _ := goOnPair(en); c != nil {
		return true
	}
	return !en.whole() && en.Len() == 1 && en.At(0).op.kind == opGoOn
}

// chose notes the choice made at a narrowed view: the new goroutine first
// sends the next decision back to its creator.
func (o *goOn) chose(next *g) {
	if p := o.pending; p != nil {
		o.pending = nil
		if next != p {
			o.back = p
		}
	}
}

// execGo creates the child's record; its code runs at once.
func execGo(sc *sched, x *g) bool {
	sc.startChild(x).t.started = true
	return true
}

// startChild creates the record of a goroutine x starts at its op's site
// (a `go` statement, t.Run), in the decision set with opStart as its
// first step, and returns it (also as x.op.sub).
func (sc *sched) startChild(x *g) *g {
	child := sc.newG(x.op.site, x)
	child.op = op{kind: opStart, site: x.op.site}
	sc.join(child)
	if sc.obs != nil {
		sc.obs.started(x, child, x.op.site)
	}
	x.op.sub = child
	return child
}

// main is the body of a managed goroutine.
func (x *g) main(f, after func()) {
	x.register()
	x.park()
	defer x.sc.clock.exiting.Add(-1) // runs last: the goroutine ends now
	defer x.exit()
	defer x.catch()
	if after != nil {
		defer after()
	}
	f()
}

// register maps the running Go goroutine to x.
func (x *g) register() {
	sc := x.sc
	gp := getg()
	x.goid.Store(curGoid())
	sc.mu.Lock()
	x.gp.Store(gp)
	x.gptr.Store((*byte)(getgp()))
	sc.gs.byGP[gp] = x
	sc.mu.Unlock()
}

// exit ends x and passes the token on.
func (x *g) exit() {
	sc := x.sc
	sc.mu.Lock()
	sc.retire(x)
	if sc.obs != nil {
		sc.obs.ended(x)
	}
	sc.progress++
	sc.startGather(x)
	sc.clock.exiting.Add(1) // until main returns (unmanaged)
	sc.clock.ended, sc.clock.endedTries = true, settleTries
	if sc.cur.Load() == x {
		sc.clock.selfEnding = 1
		sc.decide(nil)
		sc.clock.selfEnding = 0
	}
	sc.mu.Unlock()
}

// catch reports a panic of a managed goroutine with its stack, then
// re-panics.
func (x *g) catch() {
	r := recover()
	if r == nil {
		return
	}
	x.sc.reportPanic(x, r, debug.Stack())
	panic(r)
}

// reportPanic prints a panic in a managed goroutine with the run's
// coordinates, so the schedule that led to it can be replayed.
func (sc *sched) reportPanic(x *g, r any, stack []byte) {
	sc.mu.Lock()
	n := sc.steps.len()
	sc.warn("panic in goroutine %d at step %d: %v", x.id, n, r)
	sc.mu.Unlock()
	fmt.Fprintf(os.Stderr, "deadhunt: panic in goroutine %d (created at %s) at step %d, strategy %s seed %d: %v\n%s\n",
		x.id, x.created, n, sc.cfg.Strategy, sc.cfg.Seed, r, stack)
}

// goOutside takes x out of the decision set while it blocks in code the
// scheduler does not control; x rejoins at its next call.
func (x *g) goOutside(why string) {
	sc := x.sc
	sc.mu.Lock()
	sc.leave(x, gOutside)
	x.why = why
	if why == whyWaitSubtests {
		sc.startGather(x)
	}
	if sc.cur.Load() == x {
		sc.decide(nil)
	}
	sc.mu.Unlock()
}

// backoff follows a yield (Sleep, Gosched): a goroutine that keeps polling
// with nothing else to run really waits a little, so that what it waits for
// outside the scheduler (a timer, the network) can happen without burning a
// core.
func (x *g) backoff(d time.Duration) {
	if x.spins < 100 || x.spins%16 != 0 {
		return
	}
	x.napping.Store(true)
	time.Sleep(min(max(d, 50*time.Microsecond), time.Millisecond))
	x.napping.Store(false)
}
