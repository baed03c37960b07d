package rt_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

func run(t *testing.T, cfg rt.Config, name string) *rt.Result {
	t.Helper()
	if cfg.WatchdogMS == 0 {
		cfg.WatchdogMS = 20
	}
	r, err := rt.RunScenario(cfg, 10*time.Second, scenarios[name])
	if err != nil {
		t.Fatalf("%s %s seed %d: %v", name, cfg.Strategy, cfg.Seed, err)
	}
	return r
}

// hunt runs seeds 1..n of a strategy and returns the first deadlock and how
// many runs deadlocked.
func hunt(t *testing.T, cfg rt.Config, name string, n int) (*rt.Result, int) {
	t.Helper()
	var first *rt.Result
	hits := 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		cfg.Seed = seed
		r := run(t, cfg, name)
		if r.Deadlock != nil {
			hits++
			if first == nil {
				first = r
			}
		}
	}
	return first, hits
}

func classes(f *rt.Finding) []string {
	var cs []string
	for _, l := range f.Locks {
		cs = append(cs, l.Class)
	}
	slices.Sort(cs)
	return slices.Compact(cs)
}

func ids(f *rt.Finding) []int {
	var out []int
	for _, g := range f.Goroutines {
		out = append(out, g.ID)
	}
	slices.Sort(out)
	return out
}

func TestABBAFound(t *testing.T) {
	for _, strat := range []rt.Strategy{"pct", "rpro", "random"} {
		t.Run(string(strat), func(t *testing.T) {
			r, hits := hunt(t, rt.Config{Strategy: strat, Depth: 2, Steps: 12}, "abba", 200)
			if r == nil {
				t.Fatalf("no deadlock in 200 seeds")
			}
			t.Logf("%s: %d/200 runs deadlocked", strat, hits)
			f := r.Deadlock
			if f.Kind != "lock-order-cycle" {
				t.Errorf("kind %q, want lock-order-cycle", f.Kind)
			}
			if got := classes(f); !slices.Equal(got, []string{"p.a", "p.b"}) {
				t.Errorf("locks %v, want [p.a p.b]", got)
			}
			if got := ids(f); !slices.Equal(got, []int{2, 3}) {
				t.Errorf("goroutines %v, want [2 3]", got)
			}
			if len(f.Edges) != 2 {
				t.Errorf("edges %+v, want 2", f.Edges)
			}
			for _, g := range f.Goroutines {
				if len(g.Stack) == 0 || !strings.Contains(g.Stack[0].File, "scenarios_test.go") {
					t.Errorf("goroutine %d stack %+v does not start in the scenario", g.ID, g.Stack)
				}
				if len(g.Holds) != 1 || !strings.Contains(g.WaitsFor, "held by goroutine") {
					t.Errorf("goroutine %d holds %v waits for %q", g.ID, g.Holds, g.WaitsFor)
				}
				if g.Created.File == "" {
					t.Errorf("goroutine %d has no creation site", g.ID)
				}
			}
		})
	}
}

func TestKinds(t *testing.T) {
	cases := []struct {
		scenario, kind string
		ids            []int
		seeds          int
	}{
		{"double", "double-lock", []int{2}, 1},
		{"rwr", "rwr", []int{2, 3}, 200},
		{"mixed", "mixed", []int{2, 3}, 1},
		{"wgblocked", "blocked", []int{1}, 1},
	}
	for _, c := range cases {
		t.Run(c.scenario, func(t *testing.T) {
			r, _ := hunt(t, rt.Config{Strategy: "pct", Depth: 2, Steps: 10}, c.scenario, c.seeds)
			if r == nil {
				t.Fatalf("no deadlock in %d seeds", c.seeds)
			}
			f := r.Deadlock
			if string(f.Kind) != c.kind || !slices.Equal(ids(f), c.ids) {
				t.Errorf("kind %q goroutines %v, want %q %v\n%s", f.Kind, ids(f), c.kind, c.ids, f.Message)
			}
			if r.Outcome != "deadlock" || len(r.Schedule) != r.Steps || r.Steps == 0 {
				t.Errorf("outcome %q, %d steps, schedule of %d", r.Outcome, r.Steps, len(r.Schedule))
			}
		})
	}
}

func TestCleanNeverReported(t *testing.T) {
	for _, name := range []string{"ordered", "pingpong", "condqueue", "oncesel", "spin", "buffered", "backoff"} {
		for _, strat := range []rt.Strategy{"random", "pct", "rpro"} {
			for seed := uint64(1); seed <= 30; seed++ {
				r := run(t, rt.Config{Strategy: strat, Seed: seed, Depth: 3, Steps: 30}, name)
				if r.Deadlock != nil {
					t.Fatalf("%s %s seed %d: reported %s: %s", name, strat, seed, r.Deadlock.Kind, r.Deadlock.Message)
				}
				if r.Outcome != "ok" || r.Steps == 0 {
					t.Fatalf("%s %s seed %d: outcome %q after %d steps", name, strat, seed, r.Outcome, r.Steps)
				}
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, name := range []string{"ordered", "pingpong", "condqueue", "oncesel", "abba"} {
		for _, strat := range []rt.Strategy{"random", "pct", "rpro"} {
			cfg := rt.Config{Strategy: strat, Seed: 7, Depth: 3, Steps: 20}
			a, b := run(t, cfg, name), run(t, cfg, name)
			if !slices.Equal(a.Schedule, b.Schedule) {
				t.Errorf("%s %s: two runs with one seed differ:\n%v\n%v", name, strat, a.Schedule, b.Schedule)
			}
		}
	}
}
