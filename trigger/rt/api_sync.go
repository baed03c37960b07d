package rt

import (
	"runtime"
	"sync"
	"time"
)

// Go is the go statement `go f()`; the instrumenter evaluates the function
// value and its arguments in the parent first.
func Go(s *Site, f func()) {
	g := enter()
	if g == nil {
		countGo()
		go f()
		return
	}
	g.spawn(s, f, nil)
}

// WGAdd is (*sync.WaitGroup).Add.
func WGAdd(wg *sync.WaitGroup, delta int, s *Site) {
	g := enter()
	if g == nil {
		unmanagedWGAdd(wg, delta)
		wg.Add(delta)
		return
	}
	g.do(op{kind: opWGAdd, site: s, wg: wg, delta: delta})
	wg.Add(delta)
}

// WGDone is (*sync.WaitGroup).Done.
func WGDone(wg *sync.WaitGroup, s *Site) { WGAdd(wg, -1, s) }

// WGWait is (*sync.WaitGroup).Wait.
func WGWait(wg *sync.WaitGroup, s *Site) {
	g := enter()
	if g == nil {
		wg.Wait()
		return
	}
	g.do(op{kind: opWGWait, site: s, wg: wg})
	wg.Wait() // blocks only if uninstrumented code added to wg: the watchdog releases it
}

// WGGo is (*sync.WaitGroup).Go.
func WGGo(wg *sync.WaitGroup, f func(), s *Site) {
	g := enter()
	if g == nil {
		countGo()
		wg.Go(f)
		return
	}
	WGAdd(wg, 1, s)
	g.spawn(s, f, func() { WGDone(wg, s) })
}

// CondWait is (*sync.Cond).Wait: it unlocks and relocks c.L through the
// runtime.
func CondWait(c *sync.Cond, s *Site) {
	g := enter()
	if g == nil {
		c.Wait()
		return
	}
	g.do(op{kind: opCondEnqueue, site: s, cond: c})
	LockerUnlock(c.L, s)
	g.do(op{kind: opCondWait, site: s, cond: c})
	LockerLock(c.L, s)
}

// CondSignal is (*sync.Cond).Signal.
func CondSignal(c *sync.Cond, s *Site) {
	g := enter()
	if g == nil {
		unmanagedSignal(c, false)
		c.Signal()
		return
	}
	g.do(op{kind: opCondSignal, site: s, cond: c})
	c.Signal() // wakes waiters in uninstrumented code, if any
}

// CondBroadcast is (*sync.Cond).Broadcast.
func CondBroadcast(c *sync.Cond, s *Site) {
	g := enter()
	if g == nil {
		unmanagedSignal(c, true)
		c.Broadcast()
		return
	}
	g.do(op{kind: opCondBroadcast, site: s, cond: c})
	c.Broadcast()
}

// OnceDo is (*sync.Once).Do.
func OnceDo(o *sync.Once, f func(), s *Site) {
	g := enter()
	if g == nil {
		o.Do(f)
		return
	}
	g.do(op{kind: opOnce, site: s, once: o})
	if !g.op.ok { // done before: the real Once returns at once
		o.Do(f)
		return
	}
	defer g.onceDone(o, s)
	o.Do(f)
}

// Sleep is time.Sleep: under control the sleeper steps after the others
// (a virtual clock orders sleeps), then waits out d in real time outside
// the scheduler (sleep.go).
func Sleep(d time.Duration, s *Site) {
	g := enter()
	if g == nil {
		time.Sleep(d)
		return
	}
	g.sleep(d, s)
}

// Gosched is runtime.Gosched: under control a yield.
func Gosched(s *Site) {
	g := enter()
	if g == nil {
		runtime.Gosched()
		return
	}
	g.do(op{kind: opGosched, site: s})
	g.backoff(0)
}
