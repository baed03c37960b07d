package rt_test

import (
	"fmt"
	"hash/fnv"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/internal/golden"
	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestScheduleGolden: a seed gives the schedule it gave when the golden file
// was written, for every strategy (directed without a target) over the deterministic scenarios (no
// timers, sleeps or goroutines outside the scheduler) and a mixed workload.
// Witness replays and the corpus's hit rates depend on it: a change of the
// scheduler's internals must not change a schedule. Regenerate only for an
// intended change of the schedules: go test -run ScheduleGolden -update.
// The watchdog's period is long: on a loaded machine one that released a
// goroutine waiting for a CPU would change its schedule.
func TestScheduleGolden(t *testing.T) {
	names := []string{"abba", "double", "rwr", "ordered", "pingpong", "condqueue", "oncesel", "spin", "buffered", "oncerec", "rwclean"}
	bodies := []namedBody{{"workload", mixedWorkload(12)}}
	for _, n := range names {
		if scenarios[n] == nil {
			t.Fatalf("no scenario %s", n)
		}
		bodies = append(bodies, namedBody{n, scenarios[n]})
	}
	cfg := rt.Config{Depth: 3, Steps: 60, Radius: 5, Goroutines: 4, WatchdogMS: 1000}
	lines := scheduleLines(t, cfg, 8, 10*time.Second, bodies)
	slices.Sort(lines)
	got := strings.Join(lines, "\n") + "\n"
	golden.Check(t, filepath.Join("testdata", "schedules.golden"), []byte(got))
}

// namedBody is a scenario of a schedule golden file.
type namedBody struct {
	name string
	f    func()
}

// scheduleLines runs each body under every strategy (directed without a
// target) with seeds 1 to seeds and cfg's other fields: one line per run,
// "name strategy seed" and its scheduleSum.
func scheduleLines(t *testing.T, cfg rt.Config, seeds uint64, timeout time.Duration, bodies []namedBody) []string {
	t.Helper()
	var lines []string
	for _, b := range bodies {
		for _, strat := range []rt.Strategy{"random", "pct", "rpro", "directed"} {
			for seed := uint64(1); seed <= seeds; seed++ {
				cfg.Strategy, cfg.Seed = strat, seed
				r, err := rt.RunScenario(cfg, timeout, b.f)
				if err != nil {
					t.Fatalf("%s %s %d: %v", b.name, strat, seed, err)
				}
				lines = append(lines, fmt.Sprintf("%s %s %d %s", b.name, strat, seed, scheduleSum(r)))
			}
		}
	}
	return lines
}

// scheduleSum is the length and a hash of a run's schedule (goroutine,
// operation, site line and column, change point) and its outcome.
func scheduleSum(r *rt.Result) string {
	h := fnv.New64a()
	for _, s := range r.Schedule {
		site := s.Site
		if i := strings.LastIndexByte(site, '/'); i >= 0 {
			site = site[i+1:]
		}
		fmt.Fprintf(h, "%d %s %s %v\n", s.Goroutine, s.Op, site, s.Change)
	}
	out := "ok"
	if r.Deadlock != nil {
		out = string(r.Deadlock.Kind)
	}
	return fmt.Sprintf("steps=%d hash=%016x %s", len(r.Schedule), h.Sum64(), out)
}

// mixedWorkload: n goroutines each run a fixed mix of mutex, RWMutex,
// unbuffered and buffered channel, select, WaitGroup, Cond and Once
// operations (deadlock-free), so that every kind of wait is entered and
// left many times. Its sites, and so the golden schedules, carry its line
// numbers: the line directive keeps them as they were when the golden file
// was written, whatever is edited above.
//
//line schedgolden_test.go:101
func mixedWorkload(n int) func() {
	return func() {
		var mus [3]sync.Mutex
		var rw sync.RWMutex
		var once sync.Once
		var wg, ready sync.WaitGroup
		var cmu sync.Mutex
		cond := sync.NewCond(&cmu)
		turn := 0
		unbuf, buf, quit := make(chan int), make(chan int, 2), make(chan struct{})
		// A server answers on unbuf until quit is closed.
		rt.Go(at("Go", ""), func() {
			for {
				var v int
				switch rt.Select(at("Select", ""), false, rt.RecvCase(unbuf, &v, nil), rt.RecvCase(quit, nil, nil)) {
				case 0:
					rt.Send(buf, v, at("Send", ""))
				case 1:
					return
				}
			}
		})
		rt.WGAdd(&ready, n, at("WGAdd", ""))
		for i := range n {
			rt.WGAdd(&wg, 1, at("WGAdd", ""))
			rt.Go(at("Go", ""), func() {
				defer rt.WGDone(&wg, at("WGDone", ""))
				rt.OnceDo(&once, func() {}, at("OnceDo", "w.once"))
				rt.WGDone(&ready, at("WGDone", ""))
				rt.WGWait(&ready, at("WGWait", ""))
				for j := range 3 {
					m := &mus[(i+j)%3]
					rt.Lock(m, at("Lock", "w.mu"))
					rt.Unlock(m, at("Unlock", "w.mu"))
					if (i+j)%2 == 0 {
						rt.RLock(&rw, at("RLock", "w.rw"))
						rt.RUnlock(&rw, at("RUnlock", "w.rw"))
					} else {
						rt.RWLock(&rw, at("Lock", "w.rw"))
						rt.RWUnlock(&rw, at("Unlock", "w.rw"))
					}
					rt.Send(unbuf, i, at("Send", ""))
					rt.Recv(buf, at("Recv", ""))
				}
				rt.Lock(&cmu, at("Lock", "w.cmu"))
				for turn != i {
					rt.CondWait(cond, at("CondWait", "w.cmu"))
				}
				turn++
				rt.CondBroadcast(cond, at("CondBroadcast", ""))
				rt.Unlock(&cmu, at("Unlock", "w.cmu"))
			})
		}
		rt.WGWait(&wg, at("WGWait", ""))
		rt.Close(quit, at("Close", ""))
	}
}
