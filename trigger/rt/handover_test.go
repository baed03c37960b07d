package rt_test

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// handoverMix: channel ping-pong, mutexes, goroutines that end while others
// are parked, a WaitGroup; with lock set, every goroutine is locked to its
// thread, which must not take part in a coroutine switch.
func handoverMix(lock bool) func() {
	return func() {
		if lock {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
		}
		var mu sync.Mutex
		var wg sync.WaitGroup
		ping, pong := make(chan int), make(chan int)
		rt.WGAdd(&wg, 4, at("Add", ""))
		for i := range 4 {
			rt.Go(at("Go", ""), func() {
				defer rt.WGDone(&wg, at("Done", ""))
				if lock {
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
				}
				if i == 0 {
					for range 20 {
						rt.Send(pong, rt.Recv(ping, at("Recv", ""))+1, at("Send", ""))
					}
					return
				}
				for range 5 {
					rt.Lock(&mu, at("Lock", "p.mu"))
					rt.Unlock(&mu, at("Unlock", "p.mu"))
				}
			})
		}
		for i := range 20 {
			rt.Send(ping, i, at("Send", ""))
			if v := rt.Recv(pong, at("Recv", "")); v != i+1 {
				panic(fmt.Sprintf("ping %d: pong %d", i, v))
			}
		}
		rt.WGWait(&wg, at("Wait", ""))
	}
}

func scheduleOf(t *testing.T, cfg rt.Config, body func()) string {
	t.Helper()
	r, err := rt.RunScenario(cfg, 20*time.Second, body)
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%+v: %v, deadlock %+v", cfg, err, r)
	}
	return fmt.Sprint(r.Schedule)
}

// TestHandoverKeepsSchedules: how the token passes (a coroutine switch, a
// wake channel, a goroutine locked to its thread that must use the
// channel) never changes a decision: a seed gives one schedule.
func TestHandoverKeepsSchedules(t *testing.T) {
	if !rt.Coroutines {
		t.Skip("this build has no coroutine handover")
	}
	defer rt.SetCoroutines(rt.SetCoroutines(true))
	for _, strategy := range []rt.Strategy{"random", "pct", "rpro"} {
		for seed := uint64(1); seed <= 5; seed++ {
			cfg := rt.Config{Strategy: strategy, Seed: seed, Depth: 3, WatchdogMS: 1000}
			rt.SetCoroutines(true)
			coro := scheduleOf(t, cfg, handoverMix(false))
			locked := scheduleOf(t, cfg, handoverMix(true))
			rt.SetCoroutines(false)
			channels := scheduleOf(t, cfg, handoverMix(false))
			if coro != channels || locked != channels {
				t.Errorf("%s seed %d: schedules differ:\ncoroutines %s\nlocked     %s\nchannels   %s", strategy, seed, coro, locked, channels)
			}
		}
	}
}

func init() { tScenarios["goroutinecount"] = goroutineCount }

// goroutineCount compares runtime.NumGoroutine while its goroutines are
// parked and after they end with the count at its start, as pubsub's
// TestShutdown does.
func goroutineCount(t *testing.T) {
	start := runtime.NumGoroutine()
	gate, done := make(chan bool), make(chan bool)
	for range 6 {
		rt.Go(at("Go", ""), func() {
			rt.Recv(gate, at("Recv", ""))
			rt.Send(done, true, at("Send", ""))
		})
	}
	for range 10 { // let them all park
		rt.Gosched(at("Gosched", ""))
	}
	if n := runtime.NumGoroutine(); n != start+6 {
		t.Errorf("6 goroutines parked: %d goroutines, want %d", n, start+6)
	}
	for range 6 {
		rt.Send(gate, true, at("Send", ""))
		rt.Recv(done, at("Recv", ""))
	}
	n := 0
	for range 100 { // their last steps are taken; they end soon after
		if n = runtime.NumGoroutine(); n == start {
			break
		}
		rt.Sleep(time.Millisecond, at("Sleep", "")) // as time.Sleep is instrumented
	}
	if n != start {
		t.Errorf("after they ended: %d goroutines, want %d", n, start)
	}
}

// TestGoroutineCountUnchanged: the scheduler adds no goroutine while a test
// runs, so a test that compares runtime.NumGoroutine before and after its
// goroutines end passes as it does without it; goroutines parked by the
// scheduler count once, as they would blocked.
func TestGoroutineCountUnchanged(t *testing.T) {
	for _, env := range []string{"on", "off"} {
		t.Setenv("DEADHUNT_CORO", env)
		for seed := uint64(1); seed <= 5; seed++ {
			c := runChild(t, "goroutinecount", &rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 1000})
			if c.code != 0 {
				t.Errorf("coroutines %s, seed %d: exit %d:\n%s", env, seed, c.code, c.stderr)
			}
		}
	}
}

func init() { scenarios["endsleep"] = endSleep }

// endSleep: goroutines that sleep and end while every other goroutine
// sleeps: each one's last decision moves the clock.
func endSleep() {
	for i := range 20 {
		rt.Go(at("Go", ""), func() { rt.Sleep(time.Duration(i+1)*time.Millisecond, at("Sleep", "")) })
	}
	rt.Sleep(100*time.Millisecond, at("Sleep", ""))
}

// TestEndingDecisionSettles: a goroutine whose last decision moves the
// clock is one of the ended goroutines the clock's move lets go, and it
// goes only once that decision returns: the settle does not wait for it
// (it waited its whole limit, a millisecond of real time, at every such
// end: seconds in a raft cluster's test).
func TestEndingDecisionSettles(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		run(t, rt.Config{Strategy: "random", Seed: seed}, "endsleep")
		if n := rt.SettlesGaveUp(); n > 0 {
			t.Errorf("seed %d: %d settles waited their whole limit for ended goroutines", seed, n)
		}
	}
}
