package rt_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

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
}
