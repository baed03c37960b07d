package rt

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRadiusPointsWithinRunAndRadius checks the directed strategy's change
// points (k known from recorded runs): the first anywhere in [1, k], the
// others distinct, within r of it and never outside the run's k steps.
func TestRadiusPointsWithinRunAndRadius(t *testing.T) {
	for _, c := range []struct{ k, d, r int }{{2, 3, 2}, {5, 4, 2}, {100, 5, 5}, {3, 3, 10}} {
		for seed := uint64(0); seed < 200; seed++ {
			cfg := config{Steps: c.k, Depth: c.d, Radius: c.r}
			pts := radiusPoints(rand.New(rand.NewPCG(seed, 1)), cfg, true)
			if len(pts) == 0 || len(pts) > c.d-1 {
				t.Fatalf("k=%d d=%d r=%d seed %d: %d points", c.k, c.d, c.r, seed, len(pts))
			}
			first := pts[0]
			for _, p := range pts {
				if p < 1 || p > c.k || p < first-c.r || p > first+c.r {
					t.Fatalf("k=%d d=%d r=%d seed %d: point %d outside [1,%d] ∩ [%d,%d]: %v",
						c.k, c.d, c.r, seed, p, c.k, first-c.r, first+c.r, pts)
				}
			}
			if len(slices.Compact(slices.Sorted(slices.Values(pts)))) != len(pts) {
				t.Fatalf("repeated points %v", pts)
			}
			if want := min(c.d-1, min(c.k, first+c.r)-max(1, first-c.r)+1); len(pts) != want {
				t.Errorf("k=%d d=%d r=%d seed %d: %d points, want %d: %v", c.k, c.d, c.r, seed, len(pts), want, pts)
			}
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
