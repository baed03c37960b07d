package rt_test

import (
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// busyLoop: a goroutine loops on Lock and Unlock (no failed poll, so no
// spin demotion) until the test goroutine, which needs the same lock,
// tells it to stop (x/sync's semaphore test spins on TryAcquire so).
func busyLoop() {
	var mu sync.Mutex
	stop := false
	rt.Go(at("Go", ""), func() {
		for {
			rt.Lock(&mu, at("Lock", "p.mu"))
			s := stop
			rt.Unlock(&mu, at("Unlock", "p.mu"))
			if s {
				return
			}
		}
	})
	rt.Lock(&mu, at("Lock", "p.mu"))
	stop = true
	rt.Unlock(&mu, at("Unlock", "p.mu"))
}

// TestFairnessBound: under PCT the looping goroutine may have the higher
// priority; the fairness bound lets the test goroutine run anyway.
func TestFairnessBound(t *testing.T) {
	for _, strat := range []rt.Strategy{"pct", "rpro"} {
		for seed := uint64(1); seed <= 10; seed++ {
			cfg := rt.Config{Strategy: strat, Seed: seed, Depth: 2, Steps: 5, Radius: 2, WatchdogMS: 20}
			r, err := rt.RunScenario(cfg, 5*time.Second, busyLoop)
			if err != nil || r.Deadlock != nil || r.Outcome != "ok" {
				t.Fatalf("%s seed %d: %v %+v", strat, seed, err, r)
			}
		}
	}
}
