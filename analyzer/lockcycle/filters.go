package lockcycle

import (
	"go/types"
	"strings"
)

func (p *pkgState) valid(g *graph, combo []cedge) bool {
	return !guarded(combo) && !readOnly(g, combo) && !ownCallback(combo) && !p.joined(combo) && p.firstToSee(combo)
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
	sets := make([][]guard, len(combo))
	for i, e := range combo {
		sets[i] = e.Guards
	}
	return commonGuard(sets)
}

// commonGuard reports whether every guard set holds one lock, in write
// mode in at least one of them.
func commonGuard(sets [][]guard) bool {
	for _, gd := range sets[0] {
		all, excl := true, gd.Mode == write
		for _, gs := range sets[1:] {
			m, ok := guardMode(gs, gd.Class)
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

// depsOf returns the transitive imports of the dependency with path pkg
// (nil if it is not a dependency), computed once per package.
func (p *pkgState) depsOf(path string) map[string]bool {
	if d, ok := p.deps[path]; ok {
		return d
	}
	d := p.findDeps(path)
	p.deps[path] = d
	return d
}

func (p *pkgState) findDeps(path string) map[string]bool {
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
