package rt

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRadiusPointsWithinRunAndRadius checks the directed strategy's change
// points (k known from recorded runs): the first anywhere in [1, k], the
// others distinct, never outside the run's k steps, all within one window
// of 2r+1 steps that holds the first, and as many as that window allows.
func TestRadiusPointsWithinRunAndRadius(t *testing.T) {
	for _, c := range []struct{ k, d, r int }{{2, 3, 2}, {5, 4, 2}, {4, 5, 2}, {100, 5, 5}, {3, 3, 10}, {20, 6, 2}} {
		firsts := map[int]bool{}
		for seed := uint64(0); seed < 200; seed++ {
			cfg := config{Steps: c.k, Depth: c.d, Radius: c.r}
			pts := radiusPoints(rand.New(rand.NewPCG(seed, 1)), cfg, true)
			if len(pts) == 0 || len(pts) > c.d-1 {
				t.Fatalf("k=%d d=%d r=%d seed %d: %d points", c.k, c.d, c.r, seed, len(pts))
			}
			firsts[pts[0]] = true
			lo, hi := slices.Min(pts), slices.Max(pts)
			if lo < 1 || hi > c.k || hi-lo > 2*c.r {
				t.Fatalf("k=%d d=%d r=%d seed %d: points %v outside [1,%d] or spread over more than 2r", c.k, c.d, c.r, seed, pts, c.k)
			}
			if len(slices.Compact(slices.Sorted(slices.Values(pts)))) != len(pts) {
				t.Fatalf("repeated points %v", pts)
			}
			if want := min(c.d-1, c.k, 2*c.r+1); len(pts) != want { // no point dropped while k and r allow it
				t.Errorf("k=%d d=%d r=%d seed %d: %d points, want %d: %v", c.k, c.d, c.r, seed, len(pts), want, pts)
			}
		}
		if len(firsts) != c.k && c.k <= 20 {
			t.Errorf("k=%d: first points %v in 200 seeds, want every step of [1, k]", c.k, firsts)
		}
	}
}

// TestWindowWidensForItsPoints: the directed window is cut to [1, k] and
// widened on its other side only when it then has fewer steps than its
// points need; rpro's is only cut at 1.
func TestWindowWidensForItsPoints(t *testing.T) {
	for _, c := range []struct {
		first, r, k, n int
		exact          bool
		lo, hi         int
	}{
		{4, 2, 4, 3, true, 1, 4}, // philo4: 4 points, [2, 4] is one short
		{1, 2, 4, 3, true, 1, 4},
		{4, 2, 4, 1, true, 2, 4}, // 2 points fit in [2, 4]
		{1, 2, 10, 1, true, 1, 3},
		{10, 2, 10, 4, true, 6, 10},
		{5, 2, 10, 4, true, 3, 7},
		{2, 1, 2, 3, true, 1, 2}, // k bounds it
		{1, 2, 10, 4, false, 1, 3},
		{10, 2, 10, 4, false, 8, 12},
	} {
		if lo, hi := window(c.first, c.r, c.k, c.n, c.exact); lo != c.lo || hi != c.hi {
			t.Errorf("window(first %d, r %d, k %d, n %d, exact %v) = [%d, %d], want [%d, %d]", c.first, c.r, c.k, c.n, c.exact, lo, hi, c.lo, c.hi)
		}
	}
}

// TestRadiusPointsEstimatedK checks rpro's change points, whose k is only an
// estimate: the window may reach past k, but never below step 1 or beyond r.
func TestRadiusPointsEstimatedK(t *testing.T) {
	past := false
	for seed := uint64(0); seed < 200; seed++ {
		pts := radiusPoints(rand.New(rand.NewPCG(seed, 1)), config{Steps: 2, Depth: 3, Radius: 2}, false)
		for _, p := range pts {
			if p < 1 || p < pts[0]-2 || p > pts[0]+2 {
				t.Fatalf("seed %d: point %d outside [max(1,%d),%d]: %v", seed, p, pts[0]-2, pts[0]+2, pts)
			}
			past = past || p > 2
		}
	}
	if !past {
		t.Error("no point past the estimated k in 200 seeds: the window is clamped")
	}
}
