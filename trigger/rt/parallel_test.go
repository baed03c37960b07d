package rt_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

func init() {
	tScenarios["parallelmany"] = parallelMany
}

// parallelMany: 12 parallel subtests, each with nested parallel subtests
// and a goroutine, all sharing one mutex and a WaitGroup the parent waits
// on in a cleanup.
func parallelMany(t *testing.T) {
	var mu sync.Mutex
	n := 0
	for i := 0; i < 12; i++ {
		rt.Run(t, fmt.Sprintf("p%d", i), func(t *testing.T) {
			rt.Parallel(t, at("Parallel", ""))
			var wg sync.WaitGroup
			rt.WGAdd(&wg, 1, at("WGAdd", ""))
			rt.Go(at("Go", ""), func() {
				rt.Lock(&mu, at("Lock", "p.mu"))
				n++
				rt.Unlock(&mu, at("Unlock", "p.mu"))
				rt.WGDone(&wg, at("WGDone", ""))
			})
			for j := 0; j < 2; j++ {
				rt.Run(t, fmt.Sprintf("q%d", j), func(t *testing.T) {
					rt.Parallel(t, at("Parallel", ""))
					rt.Lock(&mu, at("Lock", "p.mu"))
					n++
					rt.Unlock(&mu, at("Unlock", "p.mu"))
				}, at("Run", ""))
			}
			rt.WGWait(&wg, at("WGWait", ""))
		}, at("Run", ""))
	}
	t.Cleanup(func() {
		if n != 36 {
			t.Errorf("n = %d, want 36", n)
		}
	})
}

// TestChildManyParallel: many parallel subtests, nested, under control.
func TestChildManyParallel(t *testing.T) {
	t.Parallel() // a child process: the others can run while it waits
	for _, strat := range []rt.Strategy{"random", "pct"} {
		for seed := uint64(1); seed <= 2; seed++ {
			c := runChild(t, "parallelmany", &rt.Config{Strategy: strat, Seed: seed, Steps: 200, Depth: 3, WatchdogMS: 20})
			if c.code != 0 || c.result == nil || c.result.Outcome != "ok" || !strings.Contains(c.stderr, "--- PASS: TestHelperProcess/p11/q1") {
				t.Fatalf("%s seed %d: exit status %d, result %+v:\n%s", strat, seed, c.code, c.result, c.stderr)
			}
		}
	}
}

func init() {
	tScenarios["parallelthree"] = parallelThree
}

// parallelThree: three parallel subtests, each starting a goroutine it does
// not wait for, that take two mutexes in a consistent order.
func parallelThree(t *testing.T) {
	var a, b sync.Mutex
	for i := 0; i < 3; i++ {
		rt.Run(t, fmt.Sprintf("p%d", i), func(t *testing.T) {
			rt.Parallel(t, at("Parallel", ""))
			rt.Go(at("Go", ""), func() {
				rt.Lock(&a, at("Lock", "p.a"))
				rt.Lock(&b, at("Lock", "p.b"))
				rt.Unlock(&b, at("Unlock", "p.b"))
				rt.Unlock(&a, at("Unlock", "p.a"))
			})
		}, at("Run", ""))
	}
}

// TestChildParallelReplays: released parallel subtests rejoin in an order
// the Go scheduler picks; decisions wait for all of them, so a recorded
// schedule replays without diverging. They wait up to 4 watchdog periods:
// 4 s here, which a loaded machine's rejoining subtests never need.
func TestChildParallelReplays(t *testing.T) {
	par := "-test.parallel=8" // as the driver runs tests: every released subtest rejoins
	for seed := uint64(1); seed <= 3; seed++ {
		rec := runChild(t, "parallelthree", &rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 1000}, par)
		if rec.code != 0 || rec.result == nil || rec.result.Outcome != "ok" {
			t.Fatalf("seed %d: exit status %d, result %+v:\n%s", seed, rec.code, rec.result, rec.stderr)
		}
		t.Logf("seed %d: %d steps", seed, len(rec.result.Schedule))
		sched := writeSchedule(t, rec.result.Schedule)
		for i := range 4 {
			r := runChild(t, "parallelthree", &rt.Config{Strategy: "replay", Replay: sched, WatchdogMS: 1000}, par)
			if r.result == nil {
				t.Fatalf("seed %d replay %d: no result:\n%s", seed, i, r.stderr)
			}
			if len(r.result.Warnings) > 0 || !slices.Equal(r.result.Schedule, rec.result.Schedule) {
				t.Fatalf("seed %d replay %d: schedule differs (%d steps, want %d), warnings %q",
					seed, i, len(r.result.Schedule), len(rec.result.Schedule), r.result.Warnings)
			}
		}
	}
}
