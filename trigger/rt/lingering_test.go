package rt_test

import (
	"context"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// retryForever starts a loop that retries every try µs until a context
// nobody cancels is done, and returns: the loop outlives the test.
func retryForever() {
	ctx, _ := rt.WithCancel(context.Background(), at("WithCancel", ""))
	rt.Go(at("Go", ""), func() {
		for try := 1; ; try++ {
			_, cancel := rt.WithTimeout(ctx, time.Millisecond, at("WithTimeout", ""))
			cancel()
			if rt.Select(at("Select", ""), false,
				rt.RecvCase(rt.After(time.Duration(try)*time.Microsecond, at("After", "")), nil, nil),
				rt.RecvCase(ctx.Done(), nil, nil)) == 1 {
				return
			}
		}
	})
}

// TestLingeringLeak: a goroutine the test left that keeps looping on
// timers is reported as a leak, lingering, when its time after the test
// runs out; the witness replays it.
func TestLingeringLeak(t *testing.T) {
	for _, end := range []int{0, 10_000} {
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20, EndSteps: end}, 10*time.Second, retryForever)
		if err != nil {
			t.Fatal(err)
		}
		if r.Deadlock == nil || !r.Deadlock.Lingering || r.Deadlock.Kind != "blocked" {
			t.Fatalf("end steps %d: finding %+v; want a lingering leak", end, r.Deadlock)
		}
		file := writeSchedule(t, r.Schedule)
		for i := range 3 {
			rr, err := rt.RunScenario(rt.Config{Strategy: "replay", Replay: file, WatchdogMS: 20, EndSteps: end}, 10*time.Second, retryForever)
			if err != nil || rr.Deadlock == nil || !rr.Deadlock.Lingering || len(rr.Warnings) > 0 {
				t.Fatalf("end steps %d, replay %d: %v %+v", end, i, err, rr)
			}
		}
	}
}

// TestNotLingering: goroutines the test left that end within their time
// after it (a late sleep), or that wait for something outside the
// scheduler (a real timer's channel), are no leak finding.
func TestNotLingering(t *testing.T) {
	for name, body := range map[string]func(){
		"ends later": func() {
			rt.Go(at("Go", ""), func() { rt.Sleep(5*time.Second, at("Sleep", "")) })
		},
		"real timer": func() {
			real := time.NewTimer(time.Hour) // made outside instrumented code
			rt.Go(at("Go", ""), func() { rt.Recv(real.C, at("Recv", "")) })
		},
	} {
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20, EndSteps: 10_000}, 10*time.Second, body)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r.Deadlock != nil {
			t.Errorf("%s: finding %+v; want none", name, r.Deadlock)
		}
	}
}
