package rt

import (
	"math/rand/v2"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// A target with a stopper outside it (Target.Late) places late goroutines
// low on the seeds where others do not (1, 3, 4 of every four), and not
// on the one where they do (2).
func TestDirectedLateSwaps(t *testing.T) {
	for seed, want := range map[uint64][2]bool{1: {false, true}, 2: {true, false}, 3: {false, true}, 4: {false, true}, 6: {true, false}} {
		for i, late := range []bool{false, true} {
			cfg := config{Strategy: wire.Directed, Seed: seed, Depth: 2, Steps: 4, Target: &targets{Sites: []string{"p.go:1:1"}, Late: late}}
			s := newDirected(rand.New(rand.NewPCG(seed, 0)), cfg)
			if s.late != want[i] || wire.LateLow(seed, cfg.Target) != want[i] {
				t.Errorf("seed %d, Target.Late %v: late %v (wire.LateLow %v), want %v", seed, late, s.late, wire.LateLow(seed, cfg.Target), want[i])
			}
		}
	}
}
