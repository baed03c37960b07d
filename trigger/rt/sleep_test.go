package rt_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// sleepThenCheck is the "start a goroutine, sleep, check its effect"
// pattern of real tests (pubsub's shutdown test): the goroutine never waits
// for the sleeper, so it must be done when the sleep ends. Its few steps
// take longer in real time than the sleep (uninstrumented work between
// them): only the order of sleeps on the virtual clock makes the outcome
// certain, and the schedule replayable.
func sleepThenCheck(done *atomic.Bool) func() {
	return func() {
		var mu sync.Mutex
		ch := make(chan int, 1)
		n := 0
		rt.Go(at("Go", ""), func() {
			for i := 0; i < 20; i++ {
				rt.Lock(&mu, at("Lock", "p.mu"))
				n++
				time.Sleep(100 * time.Microsecond) // uninstrumented work
				rt.Unlock(&mu, at("Unlock", "p.mu"))
			}
			rt.Send(ch, n, at("Send", ""))
			rt.Recv(ch, at("Recv", ""))
		})
		rt.Sleep(time.Millisecond, at("Sleep", ""))
		rt.Lock(&mu, at("Lock", "p.mu"))
		done.Store(n == 20 && len(ch) == 0)
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	}
}

func TestSleepOrdersAfterRunnable(t *testing.T) {
	for _, strat := range []rt.Strategy{"random", "pct", "rpro"} {
		for seed := uint64(1); seed <= 20; seed++ {
			var done atomic.Bool
			// A generous watchdog: a loaded machine must not release the worker.
			r, err := rt.RunScenario(rt.Config{Strategy: strat, Seed: seed, Steps: 20, Depth: 3, Radius: 2, WatchdogMS: 1000}, 10*time.Second, sleepThenCheck(&done))
			if err != nil || r.Deadlock != nil {
				t.Fatalf("%s seed %d: %v %+v", strat, seed, err, r)
			}
			if !done.Load() {
				t.Fatalf("%s seed %d: the goroutine had not finished when the sleep ended", strat, seed)
			}
		}
	}
}

// TestSleepIsVirtual: a sleep moves the virtual clock that Now reads by
// its duration and never waits for it: an hour's sleep ends the run.
func TestSleepIsVirtual(t *testing.T) {
	var slept time.Duration
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		start := rt.Now(nil)
		rt.Sleep(time.Hour, at("Sleep", ""))
		slept = rt.Since(start, nil)
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%v %+v", err, r)
	}
	if slept < time.Hour || slept > time.Hour+time.Millisecond {
		t.Errorf("Sleep(1h) moved the clock by %v", slept)
	}
}

// TestSleepReplays: a schedule with sleeps replays without diverging.
func TestSleepReplays(t *testing.T) {
	var done atomic.Bool
	cfg := rt.Config{Strategy: "random", Seed: 3, WatchdogMS: 20}
	r, err := rt.RunScenario(cfg, 10*time.Second, sleepThenCheck(&done))
	if err != nil {
		t.Fatal(err)
	}
	file := writeSchedule(t, r.Schedule)
	r2, err := rt.RunScenario(rt.Config{Strategy: "replay", Replay: file, WatchdogMS: 20}, 10*time.Second, sleepThenCheck(&done))
	if err != nil {
		t.Fatal(err)
	}
	if len(r2.Warnings) > 0 || len(r2.Schedule) != len(r.Schedule) {
		t.Errorf("replay of %d steps gave %d steps, warnings %q", len(r.Schedule), len(r2.Schedule), r2.Warnings)
	}
}

// TestLeakedSleeper: a goroutine leaked in an hour-long sleep while holding
// a lock does not delay the test's end, and the goroutine waiting for that
// lock is not reported (the sleeper may still release it; neither works
// after the test: no lingering leak either).
func TestLeakedSleeper(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		start := time.Now()
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 20}, 10*time.Second, func() {
			var mu sync.Mutex
			locked := make(chan bool)
			rt.Go(at("Go", ""), func() {
				rt.Lock(&mu, at("Lock", "p.mu"))
				rt.Send(locked, true, at("Send", ""))
				rt.Sleep(time.Hour, at("Sleep", ""))
				rt.Unlock(&mu, at("Unlock", "p.mu"))
			})
			rt.Recv(locked, at("Recv", ""))
			rt.Go(at("Go", ""), func() {
				rt.Lock(&mu, at("Lock", "p.mu"))
				rt.Unlock(&mu, at("Unlock", "p.mu"))
			})
		})
		if err != nil {
			t.Fatalf("seed %d: %v (after %v)", seed, err, time.Since(start))
		}
		if r.Deadlock != nil {
			t.Fatalf("seed %d: reported %s: %s", seed, r.Deadlock.Kind, r.Deadlock.Message)
		}
	}
}

// TestSpinOnSleeper: a goroutine spinning on TryLock of a lock whose holder
// sleeps gets the lock once the holder wakes.
func TestSpinOnSleeper(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		var got atomic.Bool
		r, err := rt.RunScenario(rt.Config{Strategy: "pct", Seed: seed, Steps: 10, WatchdogMS: 20}, 10*time.Second, func() {
			var mu sync.Mutex
			rt.Lock(&mu, at("Lock", "p.mu"))
			rt.Go(at("Go", ""), func() {
				rt.Sleep(2*time.Millisecond, at("Sleep", ""))
				rt.Unlock(&mu, at("Unlock", "p.mu"))
			})
			for !rt.TryLock(&mu, at("TryLock", "p.mu")) {
			}
			got.Store(true)
			rt.Unlock(&mu, at("Unlock", "p.mu"))
		})
		if err != nil || r.Deadlock != nil || !got.Load() {
			t.Fatalf("seed %d: %v %+v locked=%v", seed, err, r, got.Load())
		}
	}
}
