package rt

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// TestSoleIsNextAlone: a strategy's sole(x) keeps its state as next with x
// alone enabled does (the step's count, change points, the fairness
// counts), through decisions among several goroutines and long stretches
// where one runs alone, starved goroutines included.
func TestSoleIsNextAlone(t *testing.T) {
	for _, name := range []wire.Strategy{wire.Random, wire.PCT, wire.RPro} {
		t.Run(string(name), func(t *testing.T) {
			cfg := config{Strategy: name, Seed: 3, Depth: 3, Steps: 3000, Goroutines: 4}
			mk := func() strategy {
				s, err := strategyMakers[name](nil, rand.New(rand.NewPCG(cfg.Seed, 1)), cfg)
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			a, b := mk(), mk() // a takes sole decisions, b next among one
			gs := make([]*g, 4)
			for i := range gs {
				gs[i] = &g{id: i + 1, op: op{kind: opLock}}
				a.newG(gs[i])
				b.newG(gs[i])
			}
			rng := rand.New(rand.NewPCG(9, 9))
			soles := 0
			for step := range 20000 {
				// Stretches of a few hundred decisions, each among all
				// four (the first mostly chosen: others starve) or one.
				alone := (step/300)%2 == 1
				if !alone {
					en := listView(gs)
					x, cx := a.next(en)
					y, cy := b.next(en)
					if x != y || cx != cy {
						t.Fatalf("step %d: among all, %v %v against %v %v", step, x.id, cx, y.id, cy)
					}
					continue
				}
				x := gs[rng.IntN(len(gs))]
				cx := a.(soleChooser).sole(x)
				y, cy := b.next(listView([]*g{x}))
				soles++
				if y != x || cx != cy {
					t.Fatalf("step %d: alone, %v against next's %v %v", step, cx, y.id, cy)
				}
				for _, z := range gs {
					if wa, wb := fairOf(a).waited(z), fairOf(b).waited(z); wa != wb {
						t.Fatalf("step %d: goroutine %d waited %d after sole, %d after next", step, z.id, wa, wb)
					}
				}
				if pa, ok := a.(*pct); ok {
					if pb := b.(*pct); pa.counted != pb.counted || pa.due != pb.due || !slices.Equal(pa.prio, pb.prio) {
						t.Fatalf("step %d: pct counted %d due %d prio %v after sole; %d %d %v after next", step, pa.counted, pa.due, pa.prio, pb.counted, pb.due, pb.prio)
					}
				}
			}
			if soles == 0 {
				t.Fatal("no sole decision")
			}
		})
	}
}

// fairOf is a strategy's fairness counts.
func fairOf(s strategy) *fairness {
	if p, ok := s.(*pct); ok {
		return &p.fair
	}
	return &s.(*randomWalk).fair
}
