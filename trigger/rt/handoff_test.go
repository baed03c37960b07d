package rt_test

import (
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// handoffLock: the goroutine that locks a mutex is not the one that
// unlocks it (EventBus's transactional handlers: Publish locks, the async
// worker unlocks after a sleep); locking it again waits for the worker.
func handoffLock(worker func(mu *sync.Mutex)) func() {
	return func() {
		var mu sync.Mutex
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Go(at("Go", ""), func() { worker(&mu) })
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	}
}

// TestHandoffLockIsNoDoubleLock: waiting for a mutex one locked itself is
// no deadlock while another goroutine may unlock it, even one sleeping
// outside the scheduler; it is once no other goroutine is left.
func TestHandoffLockIsNoDoubleLock(t *testing.T) {
	unlocks := func(mu *sync.Mutex) {
		rt.Sleep(5*time.Millisecond, at("Sleep", ""))
		rt.Unlock(mu, at("Unlock", "p.mu"))
	}
	leaves := func(*sync.Mutex) { rt.Sleep(5*time.Millisecond, at("Sleep", "")) }
	for seed := uint64(1); seed <= 5; seed++ {
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 20}, 10*time.Second, handoffLock(unlocks))
		if err != nil || r.Deadlock != nil {
			t.Fatalf("seed %d: %v: reported %+v", seed, err, r.Deadlock)
		}
		r, err = rt.RunScenario(rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 20}, 10*time.Second, handoffLock(leaves))
		if err != nil || r.Deadlock == nil || r.Deadlock.Kind != "double-lock" {
			t.Fatalf("seed %d: %v: want a double-lock once the other goroutine is gone, got %+v", seed, err, r)
		}
	}
}
