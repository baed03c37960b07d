package rt

import (
	"time"
)

// watchdog releases a goroutine that holds the token but does not come back
// to an instrumented call within watchdog_ms (it blocks or computes outside
// instrumented code): it is marked outside and the others go on. While the
// scheduler is idle it polls channel waiters whose partner is outside the
// scheduler, and after the grace period reports goroutines blocked for good.
func (sc *sched) watchdog() {
	limit := time.Duration(sc.cfg.WatchdogMS) * time.Millisecond
	lastProgress, lastCur := -1, (*g)(nil)
	since := time.Now()
	for {
		tick := limit / 4
		sc.mu.Lock()
		if sc.dead {
			sc.mu.Unlock()
			return
		}
		cur := sc.cur.Load()
		now := time.Now()
		if sc.progress != lastProgress || cur != lastCur {
			lastProgress, lastCur, since = sc.progress, cur, now
		}
		switch {
		case cur != nil && !cur.napping.Load() && now.Sub(since) >= limit:
			sc.release(cur, now.Sub(since))
		case cur == nil:
			tick = time.Millisecond
			if sc.poll() {
				sc.decide(nil)
			} else if now.Sub(sc.idleAt) >= sc.grace() && len(sc.live) > 0 {
				sc.checkStuck(true)
			}
		}
		sc.mu.Unlock()
		select {
		case <-sc.stop:
			return
		case <-time.After(max(tick, time.Millisecond)):
		}
	}
}

// release takes the running goroutine x out of the decision set because it
// has not come back to an instrumented call for d.
func (sc *sched) release(x *g, d time.Duration) {
	sc.warn("goroutine %d released by the watchdog after %v outside instrumented code (last step at %s)", x.id, d.Round(time.Millisecond), x.op.site)
	sc.leave(x, gOutside)
	x.why = "watchdog"
	sc.decide(nil)
}
