package rt_test

import (
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// userLocker is a sync.Locker of the user's own, whose methods are
// instrumented code (they lock a mutex through the runtime).
type userLocker struct{ mu sync.Mutex }

func (l *userLocker) Lock()   { rt.Lock(&l.mu, at("Lock", "p.userLocker.mu")) }
func (l *userLocker) Unlock() { rt.Unlock(&l.mu, at("Unlock", "p.userLocker.mu")) }

// condUserLocker: a bounded queue guarded by a Cond over a user Locker; a
// producer and a consumer wait on it in turn.
func condUserLocker(got *int) func() {
	return func() {
		l := &userLocker{}
		c := sync.NewCond(l)
		var queue []int
		done := make(chan bool)
		rt.Go(at("Go", ""), func() {
			for i := 1; i <= 5; i++ {
				rt.LockerLock(c.L, at("Lock", ""))
				for len(queue) == 2 {
					rt.CondWait(c, at("CondWait", ""))
				}
				queue = append(queue, i)
				rt.CondBroadcast(c, at("CondBroadcast", ""))
				rt.LockerUnlock(c.L, at("Unlock", ""))
			}
		})
		rt.Go(at("Go", ""), func() {
			sum := 0
			for n := 0; n < 5; n++ {
				rt.LockerLock(c.L, at("Lock", ""))
				for len(queue) == 0 {
					rt.CondWait(c, at("CondWait", ""))
				}
				sum += queue[0]
				queue = queue[1:]
				rt.CondSignal(c, at("CondSignal", ""))
				rt.LockerUnlock(c.L, at("Unlock", ""))
			}
			*got = sum
			rt.Close(done, at("Close", ""))
		})
		rt.Recv(done, at("Recv", ""))
	}
}

// TestCondUserLocker: Cond.Wait releases and retakes a user-defined Locker
// through its own (instrumented) methods, under every strategy.
func TestCondUserLocker(t *testing.T) {
	for _, strat := range []rt.Strategy{"random", "pct", "rpro"} {
		for seed := uint64(1); seed <= 10; seed++ {
			var got int
			cfg := rt.Config{Strategy: strat, Seed: seed, Depth: 3, Steps: 40, Radius: 3, WatchdogMS: 20}
			r, err := rt.RunScenario(cfg, 10*time.Second, condUserLocker(&got))
			if err != nil || r.Deadlock != nil {
				t.Fatalf("%s seed %d: %v %+v", strat, seed, err, r)
			}
			if got != 15 {
				t.Fatalf("%s seed %d: consumer got %d, want 15", strat, seed, got)
			}
		}
	}
}
