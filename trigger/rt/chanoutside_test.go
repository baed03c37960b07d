package rt_test

import (
	"context"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestSelectDefaultSeesOutsideClose: a channel closed outside the scheduler
// (a context's Done, closed by its cancel function in the standard
// library) is ready to a select with a default, as errgroup's tests check
// right after Wait.
func TestSelectDefaultSeesOutsideClose(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		var canceled, fed bool
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 20}, 10*time.Second, func() {
			ctx, cancel := context.WithCancel(context.Background())
			other := make(chan int)
			cancel()
			canceled = rt.Select(at("Select", ""), true,
				rt.RecvCase(other, nil, nil), rt.RecvCase(ctx.Done(), nil, nil)) == 1

			// An unbuffered send by an uninstrumented goroutine.
			ch := make(chan int)
			go func() { ch <- 7 }()
			deadline := time.Now().Add(5 * time.Second)
			for !fed && time.Now().Before(deadline) {
				var v int
				fed = rt.Select(at("Select", ""), true, rt.RecvCase(ch, &v, nil)) == 0 && v == 7
			}
		})
		if err != nil || r.Deadlock != nil {
			t.Fatalf("seed %d: %v %+v", seed, err, r)
		}
		if !canceled || !fed {
			t.Fatalf("seed %d: closed Done taken %v, value from outside received %v", seed, canceled, fed)
		}
	}
}

// TestTickerReachesBlockedReceiver: a managed goroutine blocked on a fast
// ticker while the test goroutine sleeps gets ticks (delivered by the idle
// watchdog as they come: an expiring cache's reaper), and stops when told.
// The pace is logged, not asserted: on a loaded machine plain Go itself
// gets few of a 50 µs ticker's ticks. But the clock keeps up with the
// real ticker: the 20 ms sleep sees at most the 400 ticks of 20 real ms
// (twice that allowed), not 20,000 ticks of a step each (it did).
func TestTickerReachesBlockedReceiver(t *testing.T) {
	var ticks int
	var slept time.Duration
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		stop := make(chan bool)
		done := make(chan bool)
		rt.Go(at("Go", ""), func() {
			tk := time.NewTicker(50 * time.Microsecond)
			defer tk.Stop()
			for {
				if rt.Select(at("Select", ""), false, rt.RecvCase(stop, nil, nil), rt.RecvCase(tk.C, nil, nil)) == 0 {
					rt.Close(done, at("Close", ""))
					return
				}
				ticks++
			}
		})
		start := time.Now()
		rt.Sleep(20*time.Millisecond, at("Sleep", ""))
		slept = time.Since(start)
		rt.Close(stop, at("Close", ""))
		rt.Recv(done, at("Recv", ""))
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%v %+v", err, r)
	}
	if ticks == 0 {
		t.Errorf("no tick reached the blocked goroutine in %v", slept)
	}
	if ticks > 2*int(20*time.Millisecond/(50*time.Microsecond)) {
		t.Errorf("%d ticks of a 50µs ticker in a sleep of %v: the clock lags real time", ticks, slept)
	}
	t.Logf("%d ticks of a 50µs ticker in %v", ticks, slept)
}

// TestUnmanagedPollerMeetsManagedSender: a goroutine the scheduler does not
// manage (testify's Eventually runs its condition so) polls an unbuffered
// channel with a select's default while a managed goroutine is parked
// sending on it; they meet, as in Go (ttlcache's event tests).
func TestUnmanagedPollerMeetsManagedSender(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		var got, sent bool
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 20}, 10*time.Second, func() {
			ch := make(chan int)
			back := make(chan int)
			rt.Go(at("Go", ""), func() {
				rt.Send(ch, 5, at("Send", ""))
				sent = true
			})
			go func() { // unmanaged, as if started by uninstrumented code
				deadline := time.Now().Add(5 * time.Second)
				for time.Now().Before(deadline) {
					var v int
					if rt.Select(at("Select", ""), true, rt.RecvCase(ch, &v, nil)) == 0 {
						got = v == 5
						break
					}
					time.Sleep(time.Millisecond)
				}
				rt.Send(back, 1, at("Send", "")) // to a managed receiver
			}()
			rt.Recv(back, at("Recv", ""))
		})
		if err != nil || r.Deadlock != nil {
			t.Fatalf("seed %d: %v %+v", seed, err, r)
		}
		if !got || !sent {
			t.Fatalf("seed %d: received %v, send completed %v", seed, got, sent)
		}
	}
}
