package rt

import "time"

// Sleeps under control keep their order deterministic and their duration
// real.
//
// Order: a virtual clock (clock.now) advances by stepNanos at every
// decision. A goroutine at Sleep(d) is a sleeper until the clock reaches
// its wake time (the clock at the call plus d): it is chosen only when no
// other goroutine can step (it then competes with the spinners, the one
// that waited longest first), and choosing it moves the clock to its wake
// time. So "start a goroutine, sleep, check its effect" sees the effect
// whenever the goroutine could get there without waiting for the sleeper,
// as it nearly always does in real time; and a sleeper still wakes if the
// others never stop.
//
// Duration: once chosen, the sleeper waits out the rest of d in real time
// outside the scheduler (the others go on meanwhile; timers and tickers
// fire) and rejoins with a second Sleep step. Code that compares
// time.Now() against deadlines (caches with a time to live) sees the time
// it expects. A leaked sleeper does not delay the end of the test, and
// while one sleeps no goroutine blocked without a lock cycle is reported:
// the sleeper may still release it.

// Sleep is time.Sleep.
func Sleep(d time.Duration, s *Site) {
	g := enter()
	if g == nil {
		time.Sleep(d)
		return
	}
	g.sleep(d, s)
}

var opSleep = newKind(kindDef{name: "Sleep", flags: always | poll | timed})

// clock is the virtual clock, in nanoseconds.
type clock struct{ now int64 }

// stepNanos is how far the virtual clock moves per decision: about the
// real cost of a scheduling point.
const stepNanos = 1000

// tick advances the clock for the decision that chose next: to its wake
// time if it was a sleeper.
func (c *clock) tick(next *g) {
	c.now += stepNanos
	if next.op.kind.has(timed) && next.op.n > c.now {
		c.now = next.op.n
	}
}

// sleeping reports whether x waits at a timed op whose wake time has not
// come.
func (sc *sched) sleeping(x *g) bool {
	return x.op.kind.has(timed) && !x.op.done && x.op.n > sc.clock.now
}

// hasSleepers reports whether a live goroutine is sleeping.
func (sc *sched) hasSleepers() bool {
	for _, y := range sc.gs.liveList() {
		if sc.sleeping(y) {
			return true
		}
	}
	return false
}

// sleep is Sleep(d) for a managed goroutine.
func (x *g) sleep(d time.Duration, s *Site) {
	if d <= 0 {
		x.do(opSleep, s, nil)
		x.backoff(0)
		return
	}
	until := time.Now().Add(d)
	sc := x.sc
	sc.mu.Lock()
	wake := sc.clock.now + int64(d)
	sc.mu.Unlock()
	x.doN(opSleep, s, nil, wake)
	rest := time.Until(until)
	if rest <= 0 {
		return
	}
	x.goOutside("sleep")
	time.Sleep(rest)
	x.do(opSleep, s, nil)
}
