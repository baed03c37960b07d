package rt

import (
	"os"
	"sync"
	"sync/atomic"
)

// How the token passes between managed goroutines.
//
// A parked managed goroutine waits either on its wake channel or in a
// runtime coroutine (coro.go). A switch through a coroutine runs the chosen
// goroutine on the deciding goroutine's thread without Go's scheduler,
// several times cheaper than a channel wake and park; a ping-pong over
// channels needs one at nearly every scheduling point.
//
// A coroutine always holds one parked goroutine, so a goroutine can only
// park in one by taking the place of another. The scheduler has a fixed
// pool of coroutines (holds), made when the test starts, each with its own
// goroutine, the seed, which holds it while no managed goroutine does:
//   - handTo: the deciding goroutine x switches into the hold of the chosen
//     y and parks there in y's place;
//   - a goroutine with nobody to switch to (a new goroutine, or one whose
//     successor waits on its channel) parks in a spare hold: the seed
//     resumes, records it as parked there and waits;
//   - a decision taken by a goroutine that goes on running (the watchdog, a
//     goroutine leaving the scheduler or ending) wakes a goroutine parked
//     in a hold through its seed, which switches in and holds it again.
//
// With no spare hold a goroutine parks on its channel, as all do without
// coroutines. The pool is fixed so that the number of goroutines does not
// change while a test runs: a test comparing runtime.NumGoroutine before
// and after its goroutines end sees what it would without the scheduler.
// releaseHolds ends the seeds once no managed goroutine is left.
//
// A goroutine is recorded as parked in a hold (parking.in) only once it is:
// by the deciding goroutine itself in handTo, where nobody can choose it
// before the goroutine it switched to runs (inflight keeps the watchdog from
// releasing that one meanwhile), and otherwise by the seed it resumed.
// Until then a decision wakes it through its channel, and the seed passes
// the token on. handover.mu orders the seed's look at the wake channel and its
// record against a decision's look at the record and its send, so that the
// two cannot cross; it also guards the spares.

// useCoro is false when coroutines are unavailable or switched off
// (DEADHUNT_CORO=off, to compare).
var useCoro = coroOK && os.Getenv("DEADHUNT_CORO") != "off"

// holdPool is the number of coroutines per test: enough for the test's
// goroutine waiting and two others taking turns.
const holdPool = 4

// handover is the scheduler's pool of holds.
type handover struct {
	// mu orders wakes against the records of where goroutines are
	// parked, and guards the spare holds; taken after sched.mu, or alone.
	mu     sync.Mutex
	holds  []*hold
	spares []*hold
}

// wakeMsg is what a parked goroutine receives on its wake channel.
type wakeMsg uint8

const (
	wakeRun   wakeMsg = iota // you were chosen: run
	wakeDump                 // capture your stack and stay parked
	wakeProve                // the run is over: leave to be proved blocked (prove.go)
)

// parking is where a managed goroutine is parked: its wake channel, or
// the hold it parked in (nil for its wake channel); the message a switch
// brings, and the hold whose seed brought it (nil if the deciding
// goroutine did).
type parking struct {
	wake chan wakeMsg
	in   atomic.Pointer[hold]
	msg  wakeMsg
	via  *hold
	// inflight is set while a switch to it, decided, has not happened
	// yet: the watchdog must not take it for blocked.
	inflight atomic.Bool
}

// hold is one of the scheduler's coroutines.
type hold struct {
	c      *coro
	parker *g            // the goroutine that parks in it in the seed's place
	job    chan struct{} // the seed switches in: the goroutine parked there runs
	quit   bool          // releaseHolds: the seed ends
}

// makeHolds gives the scheduler its pool of holds if it has none. Called
// with sc.mu held, before the test's code runs.
func (sc *sched) makeHolds() {
	if !useCoro || len(sc.hand.holds) > 0 {
		return
	}
	sc.hand.mu.Lock()
	defer sc.hand.mu.Unlock()
	for i := 0; i < holdPool; i++ { // the runtime builds at go 1.21
		h := &hold{job: make(chan struct{}, 1)}
		h.c = newcoro(func(*coro) { sc.seed(h) })
		sc.hand.holds = append(sc.hand.holds, h)
		sc.hand.spares = append(sc.hand.spares, h)
	}
}

// seed is the body of a hold's own goroutine. It runs when a goroutine
// first parks in the hold, and after every switch back into it.
func (sc *sched) seed(h *hold) {
	for !h.quit { // returning resumes releaseHolds
		x := h.parker
		h.parker = nil
		sc.hand.mu.Lock()
		select {
		case m := <-x.parked.wake: // chosen before it was known to be parked
			x.parked.msg, x.parked.via = m, h
			sc.hand.mu.Unlock()
			coroswitch(h.c)
			continue
		default:
		}
		x.parked.in.Store(h)
		sc.hand.mu.Unlock()
		<-h.job
		coroswitch(h.c) // x runs; the seed holds h again
	}
}

// handTo passes the token from x, which parks next, to y. It returns the
// coroutine x must switch into, or nil if y was woken otherwise (x then
// parks with park). Called with sc.mu held.
func (sc *sched) handTo(x, y *g) *coro {
	// Without handover.mu: only a holder of sc.mu takes y out of its hold, and
	// y's seed records it there before anyone can see it.
	if h := y.parked.in.Load(); h != nil && !lockedOSThread() {
		y.parked.in.Store(nil)
		y.parked.msg, y.parked.via = wakeRun, nil
		y.parked.inflight.Store(true)
		x.parked.in.Store(h)
		return h.c
	}
	sc.wakeUp(y, wakeRun)
	return nil
}

// wakeUp delivers m to the parked goroutine y from a goroutine that goes
// on running. Called with sc.mu held.
func (sc *sched) wakeUp(y *g, m wakeMsg) {
	sc.hand.mu.Lock()
	h := y.parked.in.Load()
	if h == nil {
		y.parked.wake <- m
		sc.hand.mu.Unlock()
		return
	}
	y.parked.in.Store(nil)
	y.parked.msg, y.parked.via = m, h
	sc.hand.mu.Unlock()
	h.job <- struct{}{}
}

// park waits until x is chosen, answering stack dump requests meanwhile.
func (x *g) park() {
	sc := x.sc
	if !useCoro || lockedOSThread() {
		x.parkChan()
		return
	}
	for {
		sc.hand.mu.Lock()
		select {
		case m := <-x.parked.wake: // chosen already
			sc.hand.mu.Unlock()
			if m == wakeRun {
				return
			}
			x.answer(m)
			continue
		default:
		}
		n := len(sc.hand.spares)
		if n == 0 {
			sc.hand.mu.Unlock()
			x.parkChan()
			return
		}
		h := sc.hand.spares[n-1]
		sc.hand.spares = sc.hand.spares[:n-1]
		h.parker = x
		sc.hand.mu.Unlock()
		coroswitch(h.c)
		x.resumed()
		return
	}
}

// parkChan parks x on its wake channel.
func (x *g) parkChan() {
	for {
		m := <-x.parked.wake
		if m == wakeRun {
			return
		}
		x.answer(m)
	}
}

// answer answers a message other than wakeRun: a stack dump, or leaving
// to be proved blocked, which does not return.
func (x *g) answer(m wakeMsg) {
	if m == wakeProve {
		x.prove()
	}
	x.answerDump()
}

// answerDump captures x's stack for dumpStacks.
func (x *g) answerDump() {
	x.stack = captureStack()
	x.sc.dumped <- struct{}{}
}

// resumed runs in x when a switch into the hold it parked in wakes it.
func (x *g) resumed() {
	sc := x.sc
	x.parked.inflight.Store(false)
	for {
		h := x.parked.via
		x.parked.via = nil
		if x.parked.msg == wakeRun {
			if h != nil { // its seed holds it again
				sc.hand.mu.Lock()
				sc.hand.spares = append(sc.hand.spares, h)
				sc.hand.mu.Unlock()
			}
			return
		}
		x.answer(x.parked.msg)
		h.parker = x // park again in the seed's place
		coroswitch(h.c)
	}
}

// releaseHolds ends the seeds of the spare holds, so that a check for
// leaked goroutines after the tests (goleak) finds none of them; holds
// still held by parked goroutines stay with them. Called with sc.mu held
// once no managed goroutine can be woken any more.
func (sc *sched) releaseHolds() {
	if lockedOSThread() {
		return
	}
	sc.hand.mu.Lock()
	spares := sc.hand.spares
	sc.hand.spares, sc.hand.holds = nil, nil
	sc.hand.mu.Unlock()
	for _, h := range spares {
		h.quit = true
		coroswitch(h.c) // the seed returns, which resumes us
	}
}
