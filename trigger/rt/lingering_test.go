package rt_test

import (
	"context"
	"strings"
	"sync"
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

// TestReplayEndIgnoresTime: a replay ends the test where its schedule
// does, however long its leaked goroutines took (a loaded machine makes
// every end overdue).
func TestReplayEndIgnoresTime(t *testing.T) {
	cfg := rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20, EndSteps: 2_000}
	r, err := rt.RunScenario(cfg, 10*time.Second, retryForever)
	if err != nil || r.Deadlock == nil || !r.Deadlock.Lingering {
		t.Fatalf("recording: %v, finding %+v; want a lingering leak", err, r.Deadlock)
	}
	var cpu time.Duration // a second of CPU and an hour of wall time at every look
	wall := time.Now()
	defer rt.SetEndClocks(func() time.Duration { cpu += time.Second; return cpu }, func() time.Time { wall = wall.Add(time.Hour); return wall })()
	cfg.Strategy, cfg.Replay = "replay", writeSchedule(t, r.Schedule)
	rr, err := rt.RunScenario(cfg, 10*time.Second, retryForever)
	if err != nil || rr.Deadlock == nil || !rr.Deadlock.Lingering || len(rr.Warnings) > 0 || rr.Steps != r.Steps {
		t.Fatalf("replay: %v, %d steps (recorded %d), finding %+v, warnings %q", err, rr.Steps, r.Steps, rr.Deadlock, rr.Warnings)
	}
}

// TestEndCountsCPUTime: the wait for a test's leaked goroutines counts
// the process's CPU time, not the wall's: on a loaded machine, where
// hours pass while the process gets no CPU, the leak is still found.
func TestEndCountsCPUTime(t *testing.T) {
	wall := time.Now()
	defer rt.SetEndClocks(func() time.Duration { return 0 }, func() time.Time { wall = wall.Add(time.Hour); return wall })()
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, retryForever)
	if err != nil || r.Deadlock == nil || !r.Deadlock.Lingering {
		t.Fatalf("%v, finding %+v, warnings %q; want a lingering leak", err, r.Deadlock, r.Warnings)
	}
}

// TestLingeringSpinner: a goroutine the test left that loops taking a free
// lock (a reader whose codec never fails) is said to keep working, with
// its next operation, not to wait for a lock "held by" nobody.
func TestLingeringSpinner(t *testing.T) {
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20, EndSteps: 1_000}, 10*time.Second, func() {
		var mu sync.Mutex
		rt.Go(at("Go", ""), func() {
			for {
				rt.Lock(&mu, lockSite)
				rt.Unlock(&mu, unlockSite)
			}
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	d := r.Deadlock
	if d == nil || !d.Lingering || len(d.Goroutines) != 1 {
		t.Fatalf("finding %+v; want a lingering leak of one goroutine", d)
	}
	if want := "goroutine 2 still working after the test ended ("; !strings.HasPrefix(d.Message, want) || strings.Contains(d.Message, "held by") {
		t.Errorf("message %q; want it to start %q, with no holder", d.Message, want)
	}
	if w := d.Goroutines[0].WaitsFor; w != "" {
		t.Errorf("waits for %q; want nothing", w)
	}
}

// TestEmptySelectLeak: a goroutine the test left in `select {}` is a leak
// that says it waits for nothing, forever.
func TestEmptySelectLeak(t *testing.T) {
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		rt.Go(at("Go", ""), func() { rt.Select(at("Select", ""), false) })
	})
	if err != nil {
		t.Fatal(err)
	}
	d := r.Deadlock
	if d == nil || len(d.Goroutines) != 1 {
		t.Fatalf("finding %+v; want a leak of one goroutine", d)
	}
	if w, want := d.Goroutines[0].WaitsFor, "nothing: a select with no cases blocks forever"; w != want {
		t.Errorf("waits for %q; want %q", w, want)
	}
}
