package lockcycle

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// callSite is a static call of a function of this package, with the locks
// its caller held.
type callSite struct {
	caller *ssa.Function
	held   []guard
}

func (p *pkgState) noteCall(caller, callee *ssa.Function, held []guard, dynamic bool) {
	if dynamic {
		p.dynCalled[callee] = true
		return
	}
	p.calls[callee] = append(p.calls[callee], callSite{caller: caller, held: held})
}

// addEntryGuards adds to each edge the locks held on entry to the function
// that made it: an unexported function whose every caller holds a guard
// runs its edges under that guard too.
func (p *pkgState) addEntryGuards() {
	for i := range p.edges {
		e := &p.edges[i]
		for _, g := range p.entryHeld(e.fn) {
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
			held := append(append([]guard(nil), site.held...), p.entryHeld(site.caller)...)
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
