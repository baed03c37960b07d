package gen

import "slices"

// step advances one random goroutine by one event, now and then
// interleaving a happens-before edge between two goroutines.
func (g *generator) step() {
	if g.rng.IntN(500) == 0 {
		a, b := g.rng.IntN(len(g.gs)), g.rng.IntN(len(g.gs))
		if a != b {
			g.emit(g.w.HB(g.gs[a].id, g.gs[b].id))
			return
		}
	}
	g.advance(g.gs[g.rng.IntN(len(g.gs))])
}

func (g *generator) advance(gs *gor) {
	switch {
	case len(gs.plan) > 0:
		l := gs.plan[0]
		gs.plan = gs.plan[1:]
		gs.held = append(gs.held, l)
		g.emit(g.w.Acq(gs.id, l, l%100, l%100))
	case len(gs.held) > 0:
		l := gs.held[len(gs.held)-1]
		gs.held = gs.held[:len(gs.held)-1]
		g.emit(g.w.Rel(gs.id, l))
	default:
		gs.plan = g.plan()
	}
}

// plan picks the next locks to take: usually one to three locks in
// increasing order; sometimes a reserved pair, rarely reversed.
func (g *generator) plan() []int {
	if c := g.c.Cycles; c > 0 && g.rng.IntN(20) == 0 {
		p := 2 * g.rng.IntN(c)
		if g.rng.IntN(10) == 0 {
			return []int{p + 1, p}
		}
		return []int{p, p + 1}
	}
	n := 1 + g.rng.IntN(3)
	plan := make([]int, 0, n)
	for len(plan) < n {
		l := 2*g.c.Cycles + g.rng.IntN(g.c.Locks-2*g.c.Cycles)
		if !slices.Contains(plan, l) {
			plan = append(plan, l)
		}
	}
	slices.Sort(plan)
	return plan
}
