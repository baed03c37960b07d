package lockcycle

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// callSite is a static call of a function of this package, with the locks
// its caller held.
type callSite struct {
	caller   *ssa.Function
	held     []guard
	released []string // locks the caller had released (held on its entry) by then
}

func (p *pkgState) noteCall(caller, callee *ssa.Function, held []guard, released []string, dynamic bool) {
	if dynamic {
		p.dynCalled[callee] = true
		p.dynCallers[callee] = append(p.dynCallers[callee], caller)
		return
	}
	p.calls[callee] = append(p.calls[callee], callSite{caller: caller, held: held, released: released})
}

func classes(ls []loc) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Class)
	}
	return out
}

// heldOnEntry returns the locks held when fn runs the point where it had
// released the locks in released: those held by all its callers, and
// those it releases itself later (an unlock helper is called with the
// lock held).
func (p *pkgState) heldOnEntry(fn *ssa.Function, released []string) []guard {
	out := append([]guard(nil), p.entryHeld(fn)...)
	if f := p.summaries[fn]; f != nil {
		for _, r := range f.Releases {
			if !contains(released, r.Class) {
				out = append(out, guard{Class: r.Class, Mode: write})
			}
		}
	}
	return out
}

// addEntryGuards adds to each edge the locks held on entry to the function
// that made it: an unexported function whose every caller holds a guard
// runs its edges under that guard too.
func (p *pkgState) addEntryGuards() {
	for i := range p.edges {
		e := &p.edges[i]
		for _, g := range p.heldOnEntry(e.fn, e.released) {
			if g.Class != e.Held && g.Class != e.Acquired {
				e.Guards = append(e.Guards, g)
			}
		}
	}
}

// entryHeld returns the locks held at every call of fn, when all its
// callers are known (it is unexported, never used as a value, never
// reached through an interface).
func (p *pkgState) entryHeld(fn *ssa.Function) []guard {
	if g, ok := p.entry[fn]; ok {
		return g
	}
	p.entry[fn] = nil // recursion: nothing known
	var out []guard
	if p.callersKnown(fn) {
		for i, site := range p.calls[fn] {
			held := append(append([]guard(nil), site.held...), p.heldOnEntry(site.caller, site.released)...)
			if i == 0 {
				out = held
			} else {
				out = intersectGuards(out, held)
			}
		}
	}
	p.entry[fn] = out
	return out
}

func (p *pkgState) callersKnown(fn *ssa.Function) bool {
	if len(p.calls[fn]) == 0 || p.dynCalled[fn] {
		return false
	}
	if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() {
		return false
	}
	if p.taken == nil {
		p.taken = make(map[*ssa.Function]bool)
		for _, v := range p.addressTaken() {
			p.taken[v] = true
		}
		for _, fs := range p.fieldIdx {
			for _, v := range fs {
				p.taken[v] = true
			}
		}
	}
	return !p.taken[fn]
}

func intersectGuards(a, b []guard) []guard {
	var out []guard
	for _, g := range a {
		if _, ok := guardMode(b, g.Class); ok {
			out = append(out, g)
		}
	}
	return out
}
