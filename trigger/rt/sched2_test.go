package rt_test

import (
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

func TestMoreKinds(t *testing.T) {
	cases := []struct {
		scenario, kind string
		ids            []int
		waits          string
	}{
		{"condlost", "blocked", []int{2}, "Cond"},
		{"oncerec", "blocked", []int{2}, "Once"},
	}
	for _, c := range cases {
		r := run(t, rt.Config{Strategy: "random", Seed: 1}, c.scenario)
		if r.Deadlock == nil {
			t.Fatalf("%s: no deadlock", c.scenario)
		}
		f := r.Deadlock
		if string(f.Kind) != c.kind || !slices.Equal(ids(f), c.ids) || !strings.Contains(f.Goroutines[0].WaitsFor, c.waits) {
			t.Errorf("%s: %s %v waits for %q; want %s %v %s", c.scenario, f.Kind, ids(f), f.Goroutines[0].WaitsFor, c.kind, c.ids, c.waits)
		}
	}
}

func TestMoreClean(t *testing.T) {
	for _, name := range []string{"selectnil", "timer", "shared", "rwclean", "afterfunc"} {
		for seed := uint64(1); seed <= 5; seed++ {
			r := run(t, rt.Config{Strategy: "pct", Seed: seed, Steps: 10}, name)
			if r.Deadlock != nil || r.Outcome != "ok" {
				t.Fatalf("%s seed %d: %+v", name, seed, r.Deadlock)
			}
		}
	}
}

func TestOutsideIsConservative(t *testing.T) {
	r := run(t, rt.Config{Strategy: "random", Seed: 1}, "outsidechan")
	if r.Deadlock != nil {
		t.Errorf("reported %s although a goroutine outside could still send: %s", r.Deadlock.Kind, r.Deadlock.Message)
	}
	found, _ := hunt(t, rt.Config{Strategy: "random"}, "outsideabba", 20)
	if found == nil || found.Deadlock.Kind != "lock-order-cycle" {
		t.Errorf("lock cycle next to an outside goroutine not reported: %+v", found)
	}
}

func TestDirected(t *testing.T) {
	cfg := rt.Config{Strategy: "directed", Depth: 2, Steps: 4, Radius: 2, Target: &rt.Targets{Classes: []string{"p.b"}}}
	found, hits := hunt(t, cfg, "abba", 100)
	if found == nil || found.Deadlock.Kind != "lock-order-cycle" {
		t.Fatalf("directed found nothing in 100 seeds")
	}
	t.Logf("directed on p.b: %d/100", hits)
	changes := 0
	for _, s := range found.Schedule {
		if s.Change {
			changes++
		}
	}
	if changes != 1 {
		t.Errorf("%d change points, want depth-1 = 1", changes)
	}
}

func TestEndDoesNotWaitForever(t *testing.T) {
	r := run(t, rt.Config{Strategy: "pct", Seed: 1, WatchdogMS: 10}, "forever")
	// The leaked goroutine either still runs when the hook gives up, or, on
	// a loaded machine, was released by the watchdog before.
	w := strings.Join(r.Warnings, "\n")
	if r.Deadlock != nil || !strings.Contains(w, "still running when the test ended") && !strings.Contains(w, "released by the watchdog") {
		t.Errorf("deadlock %+v, warnings %q", r.Deadlock, r.Warnings)
	}
}

func TestTimerIsNotBlockedForGood(t *testing.T) {
	r := run(t, rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 5}, "timeout")
	if r.Deadlock != nil {
		t.Errorf("a wait with a timer reported: %s", r.Deadlock.Message)
	}
}

// TestBackoffTerminates runs the release-and-retry loop under the
// parameters the driver calibrated for the corpus case clean/trylock, where
// a fixed-priority scheduler used to livelock the two goroutines.
func TestBackoffTerminates(t *testing.T) {
	for seed := uint64(1); seed <= 100; seed++ {
		r := run(t, rt.Config{Strategy: "rpro", Seed: seed, Depth: 3, Steps: 12, Radius: 2, Goroutines: 3}, "backoff")
		if r.Deadlock != nil {
			t.Fatalf("seed %d: %s", seed, r.Deadlock.Message)
		}
	}
}

// TestDirectedBeatsRPro: with change points counted only at the target
// locks' acquisitions, the race behind 1201 irrelevant acquisitions is hit
// far more often than by rpro counting them all.
func TestDirectedBeatsRPro(t *testing.T) {
	const seeds = 60
	_, rpro := hunt(t, rt.Config{Strategy: "rpro", Depth: 2, Steps: 1205, Radius: 2}, "warmup", seeds)
	target := rt.Targets{Classes: []string{"w.routeMu", "w.authMu"}}
	_, directed := hunt(t, rt.Config{Strategy: "directed", Depth: 2, Steps: 4, Radius: 2, Target: &target}, "warmup", seeds)
	t.Logf("deadlocks in %d seeds: rpro %d, directed %d", seeds, rpro, directed)
	calib := run(t, rt.Config{Strategy: "random", Seed: 1, Target: &target}, "warmup")
	if calib.TargetAcquisitions < 2 || calib.TargetAcquisitions > 4 || calib.Acquisitions < 1201 {
		t.Errorf("calibration counted %d target acquisitions of %d", calib.TargetAcquisitions, calib.Acquisitions)
	}
	if directed < seeds/10 || directed <= rpro {
		t.Errorf("directed %d/%d, rpro %d/%d", directed, seeds, rpro, seeds)
	}
}

// TestEndlessTimerWaits: a timer whose deadline saturates (a keepalive's
// "infinity") is not overdue: a select on it and on a channel a goroutine
// feeds after a few steps takes the channel, under every strategy.
func TestEndlessTimerWaits(t *testing.T) {
	for _, strat := range []rt.Strategy{"random", "pct", "rpro"} {
		for seed := uint64(1); seed <= 5; seed++ {
			var took int
			r, err := rt.RunScenario(rt.Config{Strategy: strat, Seed: seed, WatchdogMS: 20}, 10*time.Second, func() {
				ch := make(chan int)
				rt.Go(at("Go", ""), func() {
					var mu sync.Mutex
					for range 5 {
						rt.Lock(&mu, at("Lock", "p.mu"))
						rt.Unlock(&mu, at("Unlock", "p.mu"))
					}
					rt.Send(ch, 1, at("Send", "p.ch"))
				})
				took = rt.Select(at("Select", ""), false, rt.RecvCase(ch, nil, nil), rt.RecvCase(rt.After(time.Duration(math.MaxInt64), at("After", "")), nil, nil))
			})
			if err != nil || r.Deadlock != nil {
				t.Fatalf("%s seed %d: %v %+v", strat, seed, err, r.Deadlock)
			}
			if took != 0 {
				t.Fatalf("%s seed %d: the select took the endless timer", strat, seed)
			}
		}
	}
}
