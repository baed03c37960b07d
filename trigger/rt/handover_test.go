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
	for _, strategy := range []string{"random", "pct", "rpro"} {
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
