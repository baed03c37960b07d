package rt

import (
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

// Timers and tickers on the virtual clock (clock.go). The values handed out
// keep their types: a *time.Timer or *time.Ticker whose C is the virtual
// timer's channel, backed by a real timer that never fires. Instrumented
// Stop and Reset calls act on the virtual timer; code that is not
// instrumented may still Stop a Timer (the firing checks the real timer),
// but its Reset, and anything it does to a Ticker, is not seen.

// dormant is the duration of the real timers behind virtual ones: never.
const dormant = time.Duration(1 << 62)

// timerRegistry maps the timers and tickers handed out to their virtual
// timers.
type timerRegistry struct {
	timers  map[*time.Timer]*vtimer
	tickers map[*time.Ticker]*vtimer
}

// syncTimers reports whether timer channels behave as in Go 1.23 and
// later (no stale value after Stop or Reset): unless the binary's default
// GODEBUG (from its main module's go line) or the environment asks for
// asynctimerchan=1.
var syncTimers = sync.OnceValue(func() bool {
	godebug := os.Getenv("GODEBUG")
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "DefaultGODEBUG" {
				godebug = s.Value + "," + godebug
			}
		}
	}
	async := false
	for _, kv := range strings.Split(godebug, ",") {
		switch kv {
		case "asynctimerchan=1":
			async = true
		case "asynctimerchan=0":
			async = false
		}
	}
	return !async
})

// NewTimer is time.NewTimer.
func NewTimer(d time.Duration, s *Site) *time.Timer {
	g := enter()
	if g == nil {
		return time.NewTimer(d)
	}
	return g.newChanTimer(d, 0, s, true).real
}

// After is time.After.
func After(d time.Duration, s *Site) <-chan time.Time {
	g := enter()
	if g == nil {
		return time.After(d)
	}
	return g.newChanTimer(d, 0, s, false).ch
}

// AfterFunc is time.AfterFunc: f runs on a new managed goroutine created
// at s when the timer fires.
func AfterFunc(d time.Duration, f func(), s *Site) *time.Timer {
	g := enter()
	if g == nil {
		return time.AfterFunc(d, f)
	}
	sc := g.sc
	t := newTimer(timerFunc, s, g)
	t.f = f
	t.real = time.AfterFunc(dormant, func() {})
	sc.mu.Lock()
	sc.clock.arm(t, sc.clock.deadline(d))
	sc.clock.reg.timers[t.real] = t
	sc.mu.Unlock()
	return t.real
}

// NewTicker is time.NewTicker.
func NewTicker(d time.Duration, s *Site) *time.Ticker {
	g := enter()
	if g == nil {
		return time.NewTicker(d)
	}
	if d <= 0 {
		panic("non-positive interval for NewTicker")
	}
	t := g.newChanTimer(d, d, s, false)
	tk := time.NewTicker(dormant)
	tk.C = t.ch
	sc := g.sc
	sc.mu.Lock()
	sc.clock.reg.tickers[tk] = t
	sc.mu.Unlock()
	return tk
}

// Tick is time.Tick.
func Tick(d time.Duration, s *Site) <-chan time.Time {
	g := enter()
	if g == nil {
		return time.Tick(d)
	}
	if d <= 0 {
		return nil
	}
	return g.newChanTimer(d, d, s, false).ch
}

// newChanTimer arms a channel timer for d (every period if not 0); with
// handle, it has a real *time.Timer whose C is its channel.
func (x *g) newChanTimer(d, period time.Duration, s *Site, handle bool) *vtimer {
	sc := x.sc
	t := newTimer(timerChan, s, x)
	t.ch = make(chan time.Time, 1)
	t.period = int64(period)
	t.sync = syncTimers()
	if handle {
		t.real = time.NewTimer(dormant)
		t.real.C = t.ch
	}
	sc.mu.Lock()
	chanModel.of(sc).forget(chanKey(t.ch))
	sc.clock.ours[chanKey(t.ch)] = true
	sc.clock.arm(t, sc.clock.deadline(d))
	if handle {
		sc.clock.reg.timers[t.real] = t
	}
	sc.mu.Unlock()
	return t
}

// TimerStop is (*time.Timer).Stop.
func TimerStop(tm *time.Timer, s *Site) bool {
	g, t := lookupTimer(tm)
	if t == nil {
		return tm.Stop()
	}
	g.do(opTimerStop, s, t)
	return g.op.ok
}

// TimerReset is (*time.Timer).Reset.
func TimerReset(tm *time.Timer, d time.Duration, s *Site) bool {
	g, t := lookupTimer(tm)
	if t == nil {
		return tm.Reset(d)
	}
	g.doN(opTimerReset, s, t, int64(d))
	return g.op.ok
}

// TickerStop is (*time.Ticker).Stop.
func TickerStop(tk *time.Ticker, s *Site) {
	g, t := lookupTicker(tk)
	if t == nil {
		tk.Stop()
		return
	}
	g.do(opTimerStop, s, t)
}

// TickerReset is (*time.Ticker).Reset.
func TickerReset(tk *time.Ticker, d time.Duration, s *Site) {
	g, t := lookupTicker(tk)
	if t == nil {
		tk.Reset(d)
		return
	}
	if d <= 0 {
		panic("non-positive interval for Ticker.Reset")
	}
	g.doN(opTimerReset, s, t, int64(d))
}

func lookupTimer(tm *time.Timer) (*g, *vtimer) {
	return lookup(tm, func(r *timerRegistry) map[*time.Timer]*vtimer { return r.timers })
}

func lookupTicker(tk *time.Ticker) (*g, *vtimer) {
	return lookup(tk, func(r *timerRegistry) map[*time.Ticker]*vtimer { return r.tickers })
}

// lookup returns the calling managed goroutine and the virtual timer
// behind k in the registry's map m, or nils.
func lookup[K comparable](k K, m func(*timerRegistry) map[K]*vtimer) (*g, *vtimer) {
	g := enter()
	if g == nil {
		return nil, nil
	}
	g.sc.mu.Lock()
	defer g.sc.mu.Unlock()
	return g, m(&g.sc.clock.reg)[k]
}

var (
	opTimerStop  = newKind(kindDef{name: "TimerStop", exec: execTimerStop, touch: touchTimer, comm: commTimerStop, flags: always})
	opTimerReset = newKind(kindDef{name: "TimerReset", exec: execTimerReset, touch: touchTimer, comm: commTimerStop, flags: always})
)

// stopTimer takes t out of the pending timers and reports whether it was
// active: pending and not stopped by code that is not instrumented, or,
// with Go 1.23 timers, fired with its value not yet received (which is
// then dropped).
func (sc *sched) stopTimer(t *vtimer) bool {
	active := sc.clock.disarm(t)
	if t.real != nil && !t.real.Stop() {
		active = false
	}
	if t.sync && t.ch != nil {
		select {
		case <-t.ch:
			active = true
		default:
		}
	}
	return active
}

// touchTimer: stopping or resetting a timer drops the value its channel
// holds, which may disable its receivers.
func touchTimer(sc *sched, x *g) {
	if t := x.op.obj.(*vtimer); t.ch != nil {
		w := &chanModel.of(sc).get(chanKey(t.ch)).waiters
		fileIn(&w.recv, x)
		fileIn(&w.send, x)
	}
}

func execTimerStop(sc *sched, x *g) bool {
	x.op.ok = sc.stopTimer(x.op.obj.(*vtimer))
	return true
}

func execTimerReset(sc *sched, x *g) bool {
	t := x.op.obj.(*vtimer)
	x.op.ok = sc.stopTimer(t)
	d := time.Duration(x.op.n)
	if t.period > 0 {
		t.period = int64(d)
	}
	if t.real != nil {
		t.real.Reset(dormant)
	}
	sc.clock.arm(t, sc.clock.deadline(d))
	return true
}
