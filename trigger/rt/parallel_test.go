package rt_test

import (
	"fmt"
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
	for _, strat := range []string{"random", "pct"} {
		for seed := uint64(1); seed <= 2; seed++ {
			c := runChild(t, "parallelmany", &rt.Config{Strategy: strat, Seed: seed, Steps: 200, Depth: 3, WatchdogMS: 20})
			if c.code != 0 || c.result == nil || c.result.Outcome != "ok" || !strings.Contains(c.stderr, "--- PASS: TestHelperProcess/p11/q1") {
				t.Fatalf("%s seed %d: exit status %d, result %+v:\n%s", strat, seed, c.code, c.result, c.stderr)
			}
		}
	}
}
