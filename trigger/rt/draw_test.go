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

// drawOnce: the test's goroutine draws one value among 10.
func drawOnce(got *[]int) func() {
	return func() { *got = append(*got, rt.RandIntn(10, at("RandIntn", ""))) }
}

// A goroutine's first draws at a site take the lowest value, the highest
// or a uniform one, by the run's seed: any three consecutive seeds give
// both boundary values, whatever the seed base.
func TestDrawModesCoverBoundaries(t *testing.T) {
	for base := uint64(1); base <= 20; base++ {
		var got []int
		for seed := base; seed < base+3; seed++ {
			if _, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed}, 10*time.Second, drawOnce(&got)); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Contains(got, 0) || !slices.Contains(got, 9) {
			t.Errorf("seeds %d..%d drew %v, want 0 and 9 among them", base, base+2, got)
		}
	}
}

// manyDraws: two goroutines draw from every kind of source, and a select
// chooses among two ready channels.
func manyDraws(mu *sync.Mutex, got *[]uint64) func() {
	return func() {
		a, b := make(chan int, 1), make(chan int, 1)
		var wg sync.WaitGroup
		rt.WGAdd(&wg, 2, at("WGAdd", ""))
		for range 2 {
			rt.Go(at("Go", ""), func() {
				defer rt.WGDone(&wg, at("WGDone", ""))
				for range 4 {
					v := []uint64{uint64(rt.RandIntn(3, at("RandIntn", ""))), rt.RandV2Uint64(at("RandV2Uint64", "")),
						uint64(rt.RandV2N(time.Duration(5), at("RandV2N", "")))}
					for _, p := range rt.RandPerm(5, at("RandPerm", "")) {
						v = append(v, uint64(p))
					}
					rt.Lock(mu, at("Lock", "p.mu"))
					*got = append(*got, v...)
					rt.Unlock(mu, at("Unlock", "p.mu"))
				}
			})
		}
		for range 3 {
			rt.Send(a, 1, at("Send", ""))
			rt.Send(b, 2, at("Send", ""))
			var v int
			i := rt.Select(at("Select", ""), false, rt.RecvCase(a, &v, nil), rt.RecvCase(b, &v, nil))
			rt.Lock(mu, at("Lock", "p.mu"))
			*got = append(*got, uint64(i))
			rt.Unlock(mu, at("Unlock", "p.mu"))
			rt.Select(at("Select", ""), true, rt.RecvCase(a, &v, nil), rt.RecvCase(b, &v, nil))
		}
		rt.WGWait(&wg, at("WGWait", ""))
	}
}

func TestDrawsReplay(t *testing.T) {
	var mu sync.Mutex
	for seed := uint64(1); seed <= 6; seed++ {
		var first []uint64
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed}, 10*time.Second, manyDraws(&mu, &first))
		if err != nil {
			t.Fatal(err)
		}
		if r.Draws == nil || r.Draws.Count < 20 || r.ClockBase == 0 {
			t.Fatalf("seed %d: draws %+v, clock base %d", seed, r.Draws, r.ClockBase)
		}
		name := writeResult(t, r)
		for i := range 5 {
			var again []uint64
			rr, err := rt.RunScenario(rt.Config{Strategy: "replay", Replay: name, Seed: 100 + uint64(i)}, 10*time.Second, manyDraws(&mu, &again))
			if err != nil {
				t.Fatal(err)
			}
			if len(rr.Warnings) > 0 || !slices.Equal(again, first) || !slices.Equal(rr.Schedule, r.Schedule) {
				t.Fatalf("seed %d replay %d: warnings %q; values %v, want %v", seed, i, rr.Warnings, again, first)
			}
			if rr.ClockBase != r.ClockBase {
				t.Fatalf("replay's clock starts at %d, the witness's at %d", rr.ClockBase, r.ClockBase)
			}
		}
	}
}

func writeResult(t *testing.T, r *rt.Result) string {
	t.Helper()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "result.json")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// A replay whose draws come at other steps than the witness's says which
// draw and source diverged.
func TestDrawsReplayDivergence(t *testing.T) {
	var got []int
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 3}, 10*time.Second, func() {
		rt.Gosched(at("Gosched", ""))
		drawOnce(&got)()
	})
	if err != nil {
		t.Fatal(err)
	}
	name := writeResult(t, r)
	r, err = rt.RunScenario(rt.Config{Strategy: "replay", Replay: name}, 10*time.Second, func() {
		drawOnce(&got)()
		rt.Gosched(at("Gosched", ""))
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) == 0 || !strings.Contains(r.Warnings[0], "diverged at draw 0 (random draw at ") {
		t.Fatalf("warnings %q, want a divergence at draw 0 naming its source", r.Warnings)
	}
}

// A draw among a few values is a choice the explorer counts; a 64-bit one
// is named as unexplored.
func TestDrawsExplored(t *testing.T) {
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Explore: true}, 10*time.Second, func() {
		rt.RandIntn(2, at("RandIntn", ""))
		rt.RandPerm(3, at("RandPerm", ""))
	})
	if err != nil {
		t.Fatal(err)
	}
	if e := r.Explore; e.Choices != 2 || e.Orderings != 12 || e.Unexplored != "" {
		t.Errorf("explore %+v, want 2 choices and 2*3! orderings", e)
	}
	r, err = rt.RunScenario(rt.Config{Strategy: "random", Explore: true}, 10*time.Second, func() {
		rt.RandInt63(at("RandInt63", ""))
	})
	if err != nil {
		t.Fatal(err)
	}
	if e := r.Explore; !strings.Contains(e.Unexplored, "random draw at ") || !strings.Contains(e.Unexplored, "64-bit") {
		t.Errorf("explore %+v, want the 64-bit draw unexplored", e)
	}
}

// Outside a scheduler the functions are the real ones, panics included.
func TestRandPassThrough(t *testing.T) {
	if v := rt.RandIntn(5, nil); v < 0 || v >= 5 {
		t.Errorf("RandIntn(5) = %d", v)
	}
	defer func() {
		if recover() == nil {
			t.Error("RandIntn(0) did not panic")
		}
	}()
	rt.RandIntn(0, nil)
}

func TestShuffleApplies(t *testing.T) {
	var got []int
	_, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 5}, 10*time.Second, func() {
		for n := range 9 {
			xs := make([]int, n)
			for i := range xs {
				xs[i] = i
			}
			rt.RandShuffle(n, func(i, j int) { xs[i], xs[j] = xs[j], xs[i] }, at("RandShuffle", ""))
			s := slices.Clone(xs)
			slices.Sort(s)
			for i := range s {
				if s[i] != i {
					t.Errorf("shuffle of %d lost elements: %v", n, xs)
				}
			}
			got = append(got, xs...)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A goroutine the scheduler does not manage draws the real value; the run
// says so.
func TestDrawUnmanagedNoted(t *testing.T) {
	r, err := rt.RunScenario(rt.Config{Strategy: "random"}, 10*time.Second, func() {
		done := make(chan bool)
		go func() { // not instrumented: unmanaged
			rt.RandIntn(3, at("RandIntn", ""))
			close(done)
		}()
		<-done
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(r.Warnings, func(w string) bool { return strings.Contains(w, "does not manage") }) {
		t.Errorf("warnings %q, want the unmanaged draw", r.Warnings)
	}
}

// With the driver's phases, the calibration (phase 1) and the next run
// (phase 2) give a goroutine opposite boundary values, whatever the seed,
// and two goroutines of different parity opposite ones in each run.
func TestDrawPhases(t *testing.T) {
	for _, seed := range []uint64{0, 101, 202} {
		var got [2][]int
		for p := range 2 {
			_, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed, DrawPhase: p + 1}, 10*time.Second, func() {
				var mu sync.Mutex
				var wg sync.WaitGroup
				rt.WGAdd(&wg, 1, at("WGAdd", ""))
				first := rt.RandIntn(10, at("RandIntn", ""))
				rt.Go(at("Go", ""), func() {
					defer rt.WGDone(&wg, at("WGDone", ""))
					v := rt.RandIntn(10, at("RandIntn", ""))
					rt.Lock(&mu, at("Lock", "p.mu"))
					got[p] = append(got[p], first, v)
					rt.Unlock(&mu, at("Unlock", "p.mu"))
				})
				rt.WGWait(&wg, at("WGWait", ""))
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(got[0], []int{0, 9}) || !slices.Equal(got[1], []int{9, 0}) {
			t.Errorf("seed %d: phase 1 drew %v, phase 2 %v; want [0 9] then [9 0]", seed, got[0], got[1])
		}
	}
}
