package driver

import "testing"

// TestRunsFor: the fewest runs whose miss bound (1-p)^n is at most
// 1-confidence. For p = 1/16 and 0.99: (15/16)^71 ≈ 0.0102 > 0.01 and
// (15/16)^72 ≈ 0.0096, so 72; capped by the limit; the whole limit
// without a per-run bound; one run when a run cannot miss.
func TestRunsFor(t *testing.T) {
	for _, c := range []struct {
		p, conf float64
		limit   int
		want    int
	}{
		{1.0 / 16, 0.99, 100, 72},
		{1.0 / 16, 0.99, 50, 50},
		{1.0 / 16, 0.9, 100, 36},
		{0, 0.99, 100, 100},
		{1, 0.99, 100, 1},
		{0.5, 0.5, 100, 1},
	} {
		if got := RunsFor(c.p, c.conf, c.limit); got != c.want {
			t.Errorf("RunsFor(%v, %v, %d) = %d, want %d", c.p, c.conf, c.limit, got, c.want)
		}
		if got := RunsFor(c.p, c.conf, c.limit); c.p > 0 && c.p < 1 && got < c.limit && MissBound(c.p, got) > 1-c.conf {
			t.Errorf("RunsFor(%v, %v) = %d misses with %v", c.p, c.conf, got, MissBound(c.p, got))
		}
	}
}
