package rt_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// abandonAfter: a worker takes and releases a lock work times, then sends
// its result on an unbuffered channel while the caller selects on it and
// on time.After(d); when the timer wins, the worker blocks for good.
func abandonAfter(d time.Duration, work int) func() {
	return func() {
		ch := make(chan int)
		rt.Go(at("Go", ""), func() {
			var mu sync.Mutex
			for i := 0; i < work; i++ {
				rt.Lock(&mu, at("Lock", "w.mu"))
				rt.Unlock(&mu, at("Unlock", "w.mu"))
			}
			rt.Send(ch, 1, at("Send", ""))
		})
		rt.Select(at("Select", ""), false, rt.RecvCase(ch, nil, nil), rt.RecvCase(rt.After(d, at("After", "")), nil, nil))
	}
}

// paceOutcomes runs body under strat with seeds 1..n and returns each
// run's outcome: 'x' for a deadlock, '.' for none.
func paceOutcomes(t *testing.T, strat rt.Strategy, n uint64, body func()) string {
	t.Helper()
	s := ""
	for seed := uint64(1); seed <= n; seed++ {
		r, err := rt.RunScenario(rt.Config{Strategy: strat, Seed: seed, WatchdogMS: 20}, 10*time.Second, body)
		if err != nil {
			t.Fatalf("%s seed %d: %v", strat, seed, err)
		}
		if r.Deadlock != nil {
			s += "x"
		} else {
			s += "."
		}
	}
	return s
}

var paceStrategies = []rt.Strategy{"random", "pct", "rpro"}

// TestPaceShortTimerWins: a 3 µs timeout beats a worker's three steps in
// at least two runs of ten, as it may in a real run where a step is
// slowed.
func TestPaceShortTimerWins(t *testing.T) {
	for _, strat := range paceStrategies {
		if got := paceOutcomes(t, strat, 10, abandonAfter(3*time.Microsecond, 1)); strings.Count(got, "x") < 2 {
			t.Errorf("%s: seeds 1-10 %s: the 3 µs timer won fewer than twice", strat, got)
		}
	}
}

// TestPaceCodeWins: a worker's ten steps beat a 40 µs timeout in some of
// three runs in a row, as they almost always do in a real run, and lose to
// it in others. Before the runs' reaches, a timer due within 50 µs fired
// at a decision with the chance of one more goroutine whatever its
// deadline, and random never let the ten steps win.
func TestPaceCodeWins(t *testing.T) {
	for _, strat := range paceStrategies {
		got := paceOutcomes(t, strat, 3, abandonAfter(40*time.Microsecond, 5))
		if !strings.Contains(got, "x") || !strings.Contains(got, ".") {
			t.Errorf("%s: seeds 1-3 %s: want both the timer and the worker first", strat, got)
		}
	}
}

// TestPaceLongTimer: a 1 s timeout never fires before a hundred steps of
// work, whatever the run's reach.
func TestPaceLongTimer(t *testing.T) {
	for _, strat := range paceStrategies {
		if got := paceOutcomes(t, strat, 6, abandonAfter(time.Second, 50)); strings.Contains(got, "x") {
			t.Errorf("%s: seeds 1-6 %s: the 1 s timer fired before the work was done", strat, got)
		}
	}
}

// TestPaceReplay: a deadlock found where the timer was due early replays
// exactly under a configuration of every other phase: the firing is a
// step of the schedule, whatever the replaying run's reach.
func TestPaceReplay(t *testing.T) {
	body := abandonAfter(3*time.Microsecond, 1)
	var hit *rt.Result
	for seed := uint64(1); seed <= 9 && hit == nil; seed++ {
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 20}, 10*time.Second, body)
		if err != nil {
			t.Fatal(err)
		}
		if r.Deadlock != nil {
			hit = r
		}
	}
	if hit == nil {
		t.Fatal("no deadlock in seeds 1-9")
	}
	file := writeSchedule(t, hit.Schedule)
	for seed := uint64(0); seed < 3; seed++ {
		r, err := rt.RunScenario(rt.Config{Strategy: "replay", Seed: seed, Replay: file, WatchdogMS: 20}, 10*time.Second, body)
		if err != nil || r.Deadlock == nil || len(r.Warnings) > 0 || len(r.Schedule) != len(hit.Schedule) {
			t.Fatalf("replay with seed %d: %v %+v", seed, err, r)
		}
	}
}
