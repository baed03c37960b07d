package rt_test

import (
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// heldLockSite is the acquisition the directed strategy holds back in
// TestHeldLockNoJump.
var heldLockSite = &rt.Site{File: "/h/h.go", Line: 10, Col: 2, Op: "Lock", Class: "h.mu"}

// TestHeldLockNoJump: a goroutine held back at a lock acquisition (a
// Postpone site of the directed strategy) while the test waits for it
// with a deadline is not taken as blocked: the clock does not jump to the
// deadline, which plain Go would never reach (the worker takes a free
// lock and answers at once). A yamux stream's 10 ms write deadline fired
// so while the session's receive loop was held at its streamLock with the
// window update.
func TestHeldLockNoJump(t *testing.T) {
	tg := rt.Targets{Sites: []string{heldLockSite.String()}, Postpone: []string{heldLockSite.String()},
		Until: []string{(&rt.Site{File: "/h/h.go", Line: 99, Col: 2}).String()}}
	for seed := uint64(1); seed <= 5; seed++ {
		timedOut := false
		cfg := rt.Config{Strategy: "directed", Seed: seed, Depth: 3, Steps: 2, Radius: 2, WatchdogMS: 20, Target: &tg}
		r, err := rt.RunScenario(cfg, 10*time.Second, func() {
			var mu sync.Mutex
			done := make(chan bool)
			rt.Go(at("Go", ""), func() {
				rt.Lock(&mu, heldLockSite)
				rt.Unlock(&mu, at("Unlock", "h.mu"))
				rt.Close(done, at("Close", ""))
			})
			tm := rt.NewTimer(10*time.Millisecond, at("NewTimer", ""))
			if rt.Select(at("Select", ""), false, rt.RecvCase(done, nil, nil), rt.RecvCase(tm.C, nil, nil)) == 1 {
				timedOut = true
			}
			rt.TimerStop(tm, at("Stop", ""))
		})
		if err != nil || r.Deadlock != nil {
			t.Fatalf("seed %d: %v %+v", seed, err, r)
		}
		if timedOut {
			t.Errorf("seed %d: the deadline fired while the worker was held at a free lock", seed)
		}
	}
}
