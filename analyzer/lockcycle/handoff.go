package lockcycle

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Hand-offs: a function that returns holding a lock on one path only is
// not missing an unlock when the lock goes with the value it returns (or
// stores), as when a constructor of a transaction returns it holding its
// database's lock, which the transaction's Commit and Rollback release.
// The lock is handed off when a method of the type of a returned or
// stored value releases the lock's class (its summary lists it among the
// locks it releases without acquiring them).

// handedOff reports whether h, held at the return e, goes with a value
// the function returns there or stores into a field.
func (c *fnCtx) handedOff(h *held, e exit) bool {
	vals := append([]ssa.Value(nil), e.results...)
	for _, b := range c.fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				if _, ok := st.Addr.(*ssa.FieldAddr); ok {
					vals = append(vals, st.Val)
				}
			}
		}
	}
	seen := make(map[types.Type]bool)
	for _, v := range vals {
		t := v.Type()
		if seen[t] {
			continue
		}
		seen[t] = true
		if c.p.releasedBy(t, h.Class) {
			return true
		}
	}
	return false
}

// releasedBy reports whether a method of t (or *t) releases class.
func (p *pkgState) releasedBy(t types.Type, class string) bool {
	if _, ok := t.Underlying().(*types.Pointer); !ok {
		t = types.NewPointer(t)
	}
	n, ok := types.Unalias(t.(*types.Pointer).Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || types.IsInterface(n) || n.TypeParams().Len() > 0 || p.prog().Package(n.Obj().Pkg()) == nil {
		return false // no SSA package for it: only this package and its imports have one
	}
	ms := p.prog().MethodSets.MethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		fn := p.prog().MethodValue(ms.At(i))
		if fn == nil {
			continue
		}
		f := p.factOf(fn)
		if f == nil {
			continue
		}
		for _, r := range f.Releases {
			if r.Class == class {
				return true
			}
		}
	}
	return false
}
