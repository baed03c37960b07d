package rt

import (
	"math/rand/v2"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// A target with a stopper outside it (Target.Late) places late goroutines
// low on the seeds where others do not, and the other way round.
func TestDirectedLateSwaps(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		for _, late := range []bool{false, true} {
			cfg := config{Strategy: wire.Directed, Seed: seed, Depth: 2, Steps: 4, Target: &targets{Sites: []string{"p.go:1:1"}, Late: late}}
			s := newDirected(rand.New(rand.NewPCG(seed, 0)), cfg)
			if want := wire.LateBelow(seed) != late; s.late != want || wire.LateLow(seed, cfg.Target) != want {
				t.Errorf("seed %d, Target.Late %v: late %v, want %v", seed, late, s.late, want)
			}
		}
	}
}
