package lockcycle

import (
	"sort"
)

// cedge is an edge of the lock-order graph: found here (local set) or
// in a dependency.
type cedge struct {
	*edge
	local    *localEdge
	testOnly bool // found here in a _test.go file, which is not reported
}

// graph is the class-level lock-order graph this package sees.
type graph struct {
	adj     map[string]map[string][]cedge
	writers map[string]bool
}

func (p *pkgState) graph() *graph {
	g := &graph{adj: make(map[string]map[string][]cedge), writers: make(map[string]bool)}
	add := func(e cedge) {
		m := g.adj[e.Held]
		if m == nil {
			m = make(map[string][]cedge)
			g.adj[e.Held] = m
		}
		if len(m[e.Acquired]) < maxEdgesPair {
			m[e.Acquired] = append(m[e.Acquired], e)
		}
	}
	for i := range p.edges {
		e := cedge{edge: &p.edges[i].edge, local: &p.edges[i]}
		if p.inTest(e.local.pos) {
			e.local, e.testOnly = nil, true // seen here, but not reported here
		}
		add(e)
	}
	for c := range p.writers {
		g.writers[c] = true
	}
	for _, pf := range p.pass.AllPackageFacts() {
		f, ok := pf.Fact.(*pkgFact)
		if !ok || pf.Package == p.pass.Pkg {
			continue
		}
		for i := range f.Edges {
			add(cedge{edge: &f.Edges[i]})
		}
		for _, c := range f.Writers {
			g.writers[c] = true
		}
	}
	return g
}

// reportCycles finds the elementary cycles of 2 to maxCycleLen classes
// and reports those this package is the first to see.
func (p *pkgState) reportCycles() {
	g := p.graph()
	nodes := make([]string, 0, len(g.adj))
	for n := range g.adj {
		nodes = append(nodes, n)
	}
	sort.Strings(nodes)
	budget := maxCycles
	var found [][]cedge
	for _, s := range nodes {
		p.cyclesFrom(g, s, []string{s}, &budget, &found)
	}
	// Shortest first; a longer cycle that reuses a step of a reported one
	// adds nothing to fix and is left out.
	sort.SliceStable(found, func(i, j int) bool { return len(found[i]) < len(found[j]) })
	done := make(map[[2]string]bool)
	for _, combo := range found {
		if sharesStep(combo, done) {
			continue
		}
		for _, e := range combo {
			done[[2]string{e.Held, e.Acquired}] = true
		}
		p.reportCycle(combo)
	}
}

func sharesStep(combo []cedge, done map[[2]string]bool) bool {
	for _, e := range combo {
		if done[[2]string{e.Held, e.Acquired}] {
			return true
		}
	}
	return false
}

// cyclesFrom extends path (starting at its least node s) depth first;
// every elementary cycle is found once, from its least node.
func (p *pkgState) cyclesFrom(g *graph, s string, path []string, budget *int, found *[][]cedge) {
	cur := path[len(path)-1]
	next := make([]string, 0, len(g.adj[cur]))
	for n := range g.adj[cur] {
		next = append(next, n)
	}
	sort.Strings(next)
	for _, n := range next {
		if *budget <= 0 {
			return
		}
		switch {
		case n == s && len(path) >= 2:
			*budget--
			if combo := p.choose(g, path); combo != nil {
				*found = append(*found, append([]cedge(nil), combo...))
			}
		case n > s && len(path) < maxCycleLen && !contains(path, n):
			p.cyclesFrom(g, s, append(path[:len(path):len(path)], n), budget, found)
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// choose picks one edge per step of the cycle such that the cycle can
// deadlock and this package is the first to see it, or returns nil.
func (p *pkgState) choose(g *graph, cycle []string) []cedge {
	steps := make([][]cedge, len(cycle))
	for i, c := range cycle {
		steps[i] = g.adj[c][cycle[(i+1)%len(cycle)]]
	}
	combo := make([]cedge, len(cycle))
	tries := 256
	var try func(i int) bool
	try = func(i int) bool {
		if i == len(steps) {
			tries--
			return p.valid(g, combo)
		}
		for _, e := range steps[i] {
			if tries <= 0 {
				return false
			}
			if e.Ignored {
				continue
			}
			combo[i] = e
			if try(i + 1) {
				return true
			}
		}
		return false
	}
	if try(0) {
		return combo
	}
	return nil
}
