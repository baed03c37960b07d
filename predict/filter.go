package predict

import "slices"

// witness looks for one edge record per step of the cycle that together
// could deadlock, filtered as iGoodlock does: distinct goroutines, no two
// edges of one run ordered by happens-before, no read-held lock acquired
// for reading by the next edge, no guard lock common to all edges. At the
// class level, a cycle one run showed every step of is left to the instance
// level, which is more precise: the run took those orders on instances
// that made no cycle, or the instance level reports it already. It returns
// nil if no choice passes.
func (g *Graph) witness(l *level, cyc []int, maxChecks int) []*edgeRec {
	f := filter{g: g, l: l, cyc: cyc, budget: maxChecks}
	f.steps = make([][]*edgeRec, len(cyc))
	var common []int // runs that showed every step
	for i := range cyc {
		k := [2]int{cyc[i], cyc[(i+1)%len(cyc)]}
		f.steps[i] = l.adj[k]
		if i == 0 {
			common = l.runs[k]
		} else {
			common = intersect(common, l.runs[k])
		}
	}
	if l.lv == Class && len(common) > 0 {
		return nil
	}
	f.chosen = make([]*edgeRec, 0, len(cyc))
	if f.search() {
		return f.chosen
	}
	return nil
}

type filter struct {
	g      *Graph
	l      *level
	cyc    []int
	steps  [][]*edgeRec
	chosen []*edgeRec
	budget int
}

func (f *filter) search() bool {
	k := len(f.chosen)
	if k == len(f.cyc) {
		return f.complete()
	}
	for _, r := range f.steps[k] {
		if f.budget--; f.budget < 0 {
			return false
		}
		if !f.fits(r) {
			continue
		}
		f.chosen = append(f.chosen, r)
		if f.search() {
			return true
		}
		f.chosen = f.chosen[:k]
	}
	return false
}

// fits checks r against the edges chosen so far.
func (f *filter) fits(r *edgeRec) bool {
	k := len(f.chosen)
	if k > 0 && f.chosen[k-1].toRead() && r.fromRead() {
		return false
	}
	if k == len(f.cyc)-1 && r.toRead() && f.chosen[0].fromRead() {
		return false
	}
	for _, c := range f.chosen {
		if c.run != r.run {
			continue
		}
		if c.g == r.g || !concurrent(c, r) {
			return false
		}
	}
	return true
}

// concurrent reports whether some kept occurrences of a and b (one run,
// different goroutines) are not ordered by happens-before.
func concurrent(a, b *edgeRec) bool {
	for i := range a.occ {
		for j := range b.occ {
			if !ordered(&a.occ[i], &b.occ[j]) {
				return true
			}
		}
	}
	return false
}

// complete checks the whole choice: runs and guard locks.
func (f *filter) complete() bool {
	oneRun := true
	for _, c := range f.chosen[1:] {
		oneRun = oneRun && c.run == f.chosen[0].run
	}
	if f.l.lv == Class && oneRun {
		return false
	}
	return !f.guarded(oneRun)
}

// guarded reports whether one lock (an instance within one run, a class
// across runs) other than the cycle's own is held at every edge.
func (f *filter) guarded(oneRun bool) bool {
	key := func(lock int) int {
		if oneRun {
			return lock
		}
		return f.g.t.locks[lock].class
	}
	own := make(map[int]bool)
	for _, c := range f.chosen {
		own[key(int(c.from))], own[key(int(c.to))] = true, true
	}
	common := make(map[int]int)
	for _, c := range f.chosen {
		seen := make(map[int]bool)
		for _, h := range c.held {
			if k := key(h); !own[k] && !seen[k] {
				seen[k] = true
				common[k]++
			}
		}
	}
	for _, n := range common {
		if n == len(f.chosen) {
			return true
		}
	}
	return false
}

// intersect returns the elements of a that are in b.
func intersect(a, b []int) []int {
	var out []int
	for _, x := range a {
		if slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
