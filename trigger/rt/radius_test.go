package rt

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRadiusPointsWithinRunAndRadius checks RPro's change points: the first
// anywhere in [1, k], the others distinct, within r of it and never outside
// the run's k steps (where they could not fire).
func TestRadiusPointsWithinRunAndRadius(t *testing.T) {
	for _, c := range []struct{ k, d, r int }{{2, 3, 2}, {5, 4, 2}, {100, 5, 5}, {3, 3, 10}} {
		for seed := uint64(0); seed < 200; seed++ {
			cfg := config{Steps: c.k, Depth: c.d, Radius: c.r}
			pts := radiusPoints(rand.New(rand.NewPCG(seed, 1)), cfg)
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
