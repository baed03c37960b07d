package rt

import (
	"math/rand/v2"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

var (
	goA    = &Site{File: "/p/p_test.go", Line: 9, Col: 2, Op: "Go"}
	goB    = &Site{File: "/p/p_test.go", Line: 10, Col: 2, Op: "Go"}
	inner  = &Site{File: "/p/p.go", Line: 20, Col: 3, Op: "Lock", Class: "p.b"}
	other  = &Site{File: "/p/p.go", Line: 30, Col: 3, Op: "Lock", Class: "p.c"}
	bounds = targets{Sites: []string{"/p/p.go:20:3"}, Goroutines: []string{"test", "/p/p_test.go:9:2"}}
)

// threeGs returns the test goroutine (a target), a goroutine created at
// goA (a target) and two created at goB (not targets).
func threeGs() []*g {
	return []*g{{id: 1}, {id: 2, parent: 1, created: goA}, {id: 3, parent: 1, created: goB}, {id: 4, parent: 2, created: goB}}
}

// TestDirectedOrdersOnlyTargetGoroutines: the goroutines created at the
// target's creation sites draw PCT priorities in [d, d+n); the others all
// get one fixed priority above them, or, on the seeds that place late
// goroutines low (these start after a target), one below the change
// points.
func TestDirectedOrdersOnlyTargetGoroutines(t *testing.T) {
	cfg := config{Strategy: "directed", Depth: 3, Radius: 2, Steps: 4, Goroutines: 2, Target: &bounds}
	for seed := range uint64(50) {
		cfg.Seed = seed
		s, err := newStrategy(nil, cfg)
		if err != nil {
			t.Fatal(err)
		}
		gs := threeGs()
		for _, x := range gs {
			s.newG(x)
		}
		prio := s.(*directed).prio
		for _, x := range gs[:2] {
			if p := prio[x.id-1]; p < 3 || p >= 5 {
				t.Fatalf("seed %d: target goroutine %d has priority %v, want in [3, 5)", seed, x.id, p)
			}
		}
		p2, p3 := prio[gs[2].id-1], prio[gs[3].id-1]
		x, _ := s.next(listView(gs))
		if wire.LateBelow(seed) {
			if p2 != latePrio || p3 != latePrio {
				t.Fatalf("seed %d (late below): other goroutines have priorities %v and %v, want %v", seed, p2, p3, latePrio)
			}
			if x != gs[0] && x != gs[1] {
				t.Fatalf("seed %d (late below): chose goroutine %d before the targets", seed, x.id)
			}
			continue
		}
		if p2 != p3 || p2 < 5 {
			t.Fatalf("seed %d: other goroutines have priorities %v and %v, want one fixed value above 5", seed, p2, p3)
		}
		if x != gs[2] {
			t.Fatalf("seed %d: chose goroutine %d before the non-target goroutine 3", seed, x.id)
		}
	}
}

// TestDirectedLateOnlyAfterATarget: on a late-below seed, a goroutine
// outside the target keeps its place above the targets when it starts
// before any target did (it sets the stage), and goes below the change
// points when it starts after one (it may stop them); one seed in four.
func TestDirectedLateOnlyAfterATarget(t *testing.T) {
	cfg := config{Strategy: "directed", Depth: 3, Radius: 2, Steps: 4, Goroutines: 2, Target: &bounds}
	late := 0
	for seed := range uint64(40) {
		cfg.Seed = seed
		s, err := newStrategy(nil, cfg)
		if err != nil {
			t.Fatal(err)
		}
		d := s.(*directed)
		early := &g{id: 1, parent: 9, created: goB} // not a target, before any
		target := &g{id: 2, parent: 1, created: goA}
		after := &g{id: 3, parent: 1, created: goB}
		for _, x := range []*g{early, target, after} {
			s.newG(x)
		}
		if d.prio[early.id-1] <= d.prio[target.id-1] {
			t.Fatalf("seed %d: the goroutine started before the targets is at %v, below the target's %v", seed, d.prio[early.id-1], d.prio[target.id-1])
		}
		if !wire.LateBelow(seed) {
			if d.prio[after.id-1] != d.prio[early.id-1] {
				t.Fatalf("seed %d: the late goroutine is at %v, want %v as the others outside the target", seed, d.prio[after.id-1], d.prio[early.id-1])
			}
			continue
		}
		late++
		if p := d.prio[after.id-1]; p != latePrio || p >= 1 {
			t.Fatalf("seed %d (late below): the late goroutine is at %v, want %v, below every change point", seed, p, latePrio)
		}
	}
	if late != 10 {
		t.Errorf("%d of 40 seeds placed late goroutines low, want 10", late)
	}
}

// TestDirectedCountsOnlyTargetGoroutines: an acquisition at a target site
// counts only when a target goroutine makes it, so change points fall only
// on those; without a goroutine list every goroutine counts.
func TestDirectedCountsOnlyTargetGoroutines(t *testing.T) {
	gs := threeGs()
	counts := targetFilter(bounds)
	all := targetFilter(targets{Sites: bounds.Sites})
	for _, c := range []struct {
		x         *g
		site      *Site
		want, any bool
	}{
		{gs[0], inner, true, true},
		{gs[1], inner, true, true},
		{gs[2], inner, false, true},
		{gs[3], inner, false, true},
		{gs[1], other, false, false},
	} {
		c.x.op = op{kind: opLock, site: c.site}
		if got := counts(c.x); got != c.want {
			t.Errorf("goroutine %d at %s: counted %v, want %v", c.x.id, c.site, got, c.want)
		}
		if got := all(c.x); got != c.any {
			t.Errorf("no thread bounding, goroutine %d at %s: counted %v, want %v", c.x.id, c.site, got, c.any)
		}
	}
}

// TestDirectedChangePointsSkipOthers: with every goroutine at the target
// site, the change points are numbered over the target goroutines' steps
// alone: a non-target goroutine passes the site without using one.
func TestDirectedChangePointsSkipOthers(t *testing.T) {
	cfg := config{Strategy: "directed", Depth: 2, Radius: 1, Steps: 1, Goroutines: 2, Target: &bounds}
	p := newDirected(rand.New(rand.NewPCG(1, 2)), cfg) // k = 1, d = 2: the one change point is at 1
	gs := threeGs()
	for _, x := range gs {
		p.newG(x)
		x.op = op{kind: opLock, site: inner}
	}
	if x, change := p.next(listView(gs)); x != gs[2] || change {
		t.Fatalf("first step: goroutine %d change %v, want non-target 3 without a change point", x.id, change)
	}
	top := p.highest(listView(gs[:2]))
	x, change := p.next(listView(gs[:2]))
	if !change || x == top || p.prio[top.id-1] != 1 {
		t.Fatalf("first target step: goroutine %d change %v, want a change point demoting goroutine %d to 1 (now %v)", x.id, change, top.id, p.prio[top.id-1])
	}
}

// TestDirectedHeldSitePoint: with held sites, one change point (here the
// only held acquisition, k 1) demotes the goroutine about to take its first
// lock of the cycle to d-1: below the initial priorities [d, d+n), above
// the d-2 points left for the inner sites (priorities 1..d-2).
func TestDirectedHeldSitePoint(t *testing.T) {
	held := &Site{File: "/p/p.go", Line: 19, Col: 3, Op: "Lock", Class: "p.a"}
	tg := bounds
	tg.HeldSites, tg.HeldSteps = []string{"/p/p.go:19:3"}, 1
	for seed := range uint64(20) {
		cfg := config{Strategy: "directed", Seed: seed, Depth: 4, Radius: 2, Steps: 3, Goroutines: 2, Target: &tg}
		s, err := newStrategy(nil, cfg)
		if err != nil {
			t.Fatal(err)
		}
		d := s.(*directed)
		if len(d.change) != 2 {
			t.Fatalf("seed %d: %d inner change points, want d-2 = 2", seed, len(d.change))
		}
		gs := threeGs()[:2]
		for _, x := range gs {
			s.newG(x)
			x.op = op{kind: opLock, site: held}
		}
		top := d.highest(listView(gs))
		x, change := s.next(listView(gs))
		if !change || x == top || d.prio[top.id-1] != 3 {
			t.Fatalf("seed %d: goroutine %d chosen, change %v, held goroutine %d at priority %v; want a change point to 3", seed, x.id, change, top.id, d.prio[top.id-1])
		}
		if _, change = s.next(listView(gs)); change || d.heldCount != 2 {
			t.Fatalf("seed %d: second held acquisition made a change point (count %d)", seed, d.heldCount)
		}
	}
}

// TestDirectedFirstSites: after a `go` statement that starts a target
// goroutine, the creator goes on first on seeds 0 and 1 of every four and
// the new goroutine on seeds 2 and 3; a goroutine created at a
// Target.First site (an abandoned partner's select, set up before its
// creator can stop it) swaps: it goes first on seeds 0 and 1.
func TestDirectedFirstSites(t *testing.T) {
	for _, first := range []bool{false, true} {
		tg := bounds
		if first {
			tg.First = []string{"/p/p_test.go:9:2"}
		}
		cfg := config{Strategy: "directed", Depth: 3, Radius: 2, Steps: 4, Goroutines: 2, Target: &tg}
		for seed := range uint64(8) {
			cfg.Seed = seed
			s, err := newStrategy(nil, cfg)
			if err != nil {
				t.Fatal(err)
			}
			parent, child := &g{id: 1}, &g{id: 2, parent: 1, created: goA}
			s.newG(parent)
			s.newG(child)
			parent.op.kind, parent.op.obj = opGoOn, child
			x, _ := s.next(listView([]*g{parent, child}))
			if want := (seed%4 >= 2) != first; (x == child) != want {
				t.Errorf("first site %v, seed %d: chose goroutine %d, want the new one first: %v", first, seed, x.id, want)
			}
		}
	}
}
