package rt_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

func writeSchedule(t *testing.T, steps []rt.StepRec) string {
	t.Helper()
	data, err := json.Marshal(steps)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "schedule.json")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestReplayReproduces(t *testing.T) {
	for _, name := range []string{"abba", "rwr"} {
		found, _ := hunt(t, rt.Config{Strategy: "pct", Depth: 2, Steps: 12}, name, 200)
		if found == nil {
			t.Fatalf("%s: no deadlock to replay", name)
		}
		sched := writeSchedule(t, found.Schedule)
		for i := range 20 {
			// A different seed: the replay must not depend on it.
			r := run(t, rt.Config{Strategy: "replay", Replay: sched, Seed: uint64(1000 + i)}, name)
			if r.Deadlock == nil || r.Deadlock.Kind != found.Deadlock.Kind {
				t.Fatalf("%s replay %d: %+v, want a %s deadlock", name, i, r.Deadlock, found.Deadlock.Kind)
			}
			if !slices.Equal(r.Schedule, found.Schedule) || len(r.Warnings) > 0 {
				t.Fatalf("%s replay %d: schedule differs or warns %v", name, i, r.Warnings)
			}
			if !slices.Equal(ids(r.Deadlock), ids(found.Deadlock)) {
				t.Fatalf("%s replay %d: goroutines %v, want %v", name, i, ids(r.Deadlock), ids(found.Deadlock))
			}
		}
	}
}

func TestReplayDivergence(t *testing.T) {
	found, _ := hunt(t, rt.Config{Strategy: "pct", Depth: 2, Steps: 12}, "abba", 200)
	if found == nil {
		t.Fatal("no deadlock")
	}
	sched := writeSchedule(t, found.Schedule)
	r := run(t, rt.Config{Strategy: "replay", Replay: sched}, "ordered")
	if len(r.Warnings) == 0 || !strings.Contains(r.Warnings[0], "diverged at step") {
		t.Fatalf("warnings %q, want a divergence with its step", r.Warnings)
	}
	// The ordered scenario's goroutine is elsewhere: the warning says where.
	if !strings.Contains(r.Warnings[0], "was to step at") || !strings.Contains(r.Warnings[0], "but is at ") {
		t.Fatalf("warning %q, want where the goroutine is instead", r.Warnings[0])
	}
}

// sleepABBA: two goroutines sleep ten times in one helper (one site), then
// take two locks in opposite orders; their timers fall due together.
func sleepABBA() {
	var a, b sync.Mutex
	for _, first := range []*sync.Mutex{&a, &b} {
		second := &a
		if first == &a {
			second = &b
		}
		rt.Go(at("Go", ""), func() {
			sleepTen()
			rt.Lock(first, at("Lock", "p.mu"))
			rt.Lock(second, at("Lock", "p.mu"))
			rt.Unlock(second, at("Unlock", "p.mu"))
			rt.Unlock(first, at("Unlock", "p.mu"))
		})
	}
}

func sleepTen() {
	for range 10 {
		rt.Sleep(100*time.Millisecond, at("Sleep", ""))
	}
}

// TestReplayTiedTimersOneSite: timers due together and created at one
// site by two goroutines fire in the order the witness recorded (by
// owner), so every deadlock of sleepABBA replays without diverging. Before
// the owners were recorded, the replay fired the first such timer,
// whichever the run had.
func TestReplayTiedTimersOneSite(t *testing.T) {
	deadlocks := 0
	for seed := uint64(0); seed < 12; seed++ {
		c := runChild(t, "sleepabba", &rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 50})
		if c.result == nil || c.result.Deadlock == nil {
			continue
		}
		deadlocks++
		sched := writeSchedule(t, c.result.Schedule)
		r := runChild(t, "sleepabba", &rt.Config{Strategy: "replay", Replay: sched, WatchdogMS: 50}).result
		if r == nil || r.Deadlock == nil || len(r.Warnings) > 0 {
			t.Fatalf("seed %d: replay deadlock %v, warnings %v", seed, r != nil && r.Deadlock != nil, r.Warnings)
		}
	}
	if deadlocks < 2 {
		t.Fatalf("%d deadlocks in 12 seeds; want a few to replay", deadlocks)
	}
}
