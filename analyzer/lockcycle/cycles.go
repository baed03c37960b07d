package lockcycle

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deadhunt/deadhunt/report"
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

func (p *pkgState) valid(g *graph, combo []cedge) bool {
	return !guarded(combo) && !readOnly(g, combo) && !ownCallback(combo) && p.firstToSee(combo)
}

// ownCallback reports whether an edge made through a dynamic call runs a
// closure created by the function that holds the lock on another edge of
// the cycle: the closure is published by that function (a callback it
// registers), usually inside the very section that makes the reverse edge,
// so the two cannot overlap. A common false positive otherwise.
func ownCallback(combo []cedge) bool {
	for _, e := range combo {
		if !e.Dynamic {
			continue
		}
		for _, name := range e.Via {
			i := strings.Index(name, "$")
			if i < 0 {
				continue
			}
			for _, o := range combo {
				if o.edge != e.edge && o.HeldAt.Func == name[:i] {
					return true
				}
			}
		}
	}
	return false
}

// guarded reports whether every edge holds a common guard lock, at least
// once in write mode, so that the edges cannot run at the same time.
func guarded(combo []cedge) bool {
	for _, gd := range combo[0].Guards {
		all, excl := true, gd.Mode == write
		for _, e := range combo[1:] {
			m, ok := guardMode(e.Guards, gd.Class)
			if !ok {
				all = false
				break
			}
			excl = excl || m == write
		}
		if all && excl {
			return true
		}
	}
	return false
}

func guardMode(gs []guard, class string) (mode, bool) {
	var best mode
	for _, g := range gs {
		if g.Class == class && (best == 0 || g.Mode == write) {
			best = g.Mode
		}
	}
	return best, best != 0
}

// readOnly reports whether some lock of the cycle is only read-locked on
// both of its edges while nothing ever write-locks it: readers do not
// block readers.
func readOnly(g *graph, combo []cedge) bool {
	for i, e := range combo {
		in := combo[(i+len(combo)-1)%len(combo)]
		if e.HeldMode == read && in.AcqMode == read && !g.writers[e.Held] {
			return true
		}
	}
	return false
}

// firstToSee reports whether this package reports the cycle: it has an
// edge of it, or no single package among its dependencies saw all edges.
func (p *pkgState) firstToSee(combo []cedge) bool {
	origins := make(map[string]bool)
	for _, e := range combo {
		if e.local != nil {
			return true
		}
		if e.testOnly {
			return false
		}
		origins[e.Pkg] = true
	}
	for o := range origins {
		deps := p.depsOf(o)
		if deps == nil {
			continue
		}
		all := true
		for q := range origins {
			if q != o && !deps[q] {
				all = false
			}
		}
		if all {
			return false
		}
	}
	return true
}

// depsOf returns the transitive imports of the dependency with path pkg.
func (p *pkgState) depsOf(path string) map[string]bool {
	var root *types.Package
	seen := make(map[*types.Package]bool)
	var find func(*types.Package)
	find = func(q *types.Package) {
		if seen[q] || root != nil {
			return
		}
		seen[q] = true
		if q.Path() == path {
			root = q
			return
		}
		for _, i := range q.Imports() {
			find(i)
		}
	}
	find(p.pass.Pkg)
	if root == nil {
		return nil
	}
	out := make(map[string]bool)
	var walk func(*types.Package)
	walk = func(q *types.Package) {
		for _, i := range q.Imports() {
			if !out[i.Path()] {
				out[i.Path()] = true
				walk(i)
			}
		}
	}
	walk(root)
	return out
}

func (p *pkgState) reportCycle(combo []cedge) {
	start := 0
	for i, e := range combo {
		if e.local != nil {
			start = i
			break
		}
	}
	combo = append(combo[start:len(combo):len(combo)], combo[:start]...)
	first := combo[0]
	msg := fmt.Sprintf("lock order cycle: %s held while acquiring %s%s%s", first.Held, first.Acquired, sameText(first.edge), viaText(first.Via, first.AcquiredAt, first.Dynamic))
	if len(combo) == 2 {
		r := combo[1]
		msg += "; reverse order" + sameText(r.edge) + " at " + p.edgeAt(r)
	} else {
		var rest []string
		for _, e := range combo[1:] {
			rest = append(rest, fmt.Sprintf("%s held while acquiring %s%s at %s", e.Held, e.Acquired, sameText(e.edge), p.edgeAt(e)))
		}
		msg += "; then " + strings.Join(rest, ", then ")
	}
	var locks []report.Lock
	var edges []report.Edge
	var related []analysis.RelatedInformation
	for i, e := range combo {
		locks = append(locks, report.Lock{Class: e.Held, Sites: sites(e.HeldAt, combo[(i+len(combo)-1)%len(combo)].AcquiredAt)})
		edges = append(edges, reportEdge(e.edge))
		if i > 0 && e.local != nil {
			related = append(related, analysis.RelatedInformation{Pos: e.local.pos,
				Message: fmt.Sprintf("%s held while acquiring %s", e.Held, e.Acquired)})
		}
	}
	pos := token.NoPos
	if first.local != nil {
		pos = first.local.pos
	} else if len(p.pass.Files) > 0 {
		pos = p.pass.Files[0].Package
	}
	p.report(pos, report.LockOrderCycle, msg, locks, edges, related)
}

// edgeAt says where an edge's acquisition happens: for an edge of this
// package made through calls, the call here and the lock in the callee.
func (p *pkgState) edgeAt(e cedge) string {
	if e.local != nil && len(e.Via) > 0 {
		s := fmt.Sprintf("%s via %s (lock at %s)", p.siteOf(e.local.pos), chain(e.Via), e.AcquiredAt)
		if e.Dynamic {
			s += " through a dynamic call"
		}
		return s
	}
	return e.AcquiredAt.String() + viaOnly(e.edge)
}

func sameText(e *edge) string {
	if e.SameObject {
		return " on the same object"
	}
	return ""
}

func viaOnly(e *edge) string {
	s := ""
	if len(e.Via) > 0 {
		s = " via " + chain(e.Via)
	}
	if e.Dynamic {
		s += " through a dynamic call"
	}
	return s
}
