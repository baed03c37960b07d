package lockcycle

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Listeners stored into fields: the second half of a callback through a
// field (see fieldcb.go).

// storedInto lists the field a store writes a listener into and the
// values written: s.f = v, s.f = append(s.f, v), s.f[k] = v.
func storedInto(instr ssa.Instruction) (string, []ssa.Value) {
	switch in := instr.(type) {
	case *ssa.Store:
		switch a := in.Addr.(type) {
		case *ssa.FieldAddr:
			f := fieldID(a.X.Type(), a.Field)
			if call, ok := in.Val.(*ssa.Call); ok {
				if b, ok := call.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(call.Call.Args) == 2 {
					return f, appended(call.Call.Args[1])
				}
			}
			return f, []ssa.Value{in.Val}
		case *ssa.IndexAddr:
			return fieldSource(a.X, 0), []ssa.Value{in.Val}
		}
	case *ssa.MapUpdate:
		return fieldSource(in.Map, 0), []ssa.Value{in.Value}
	}
	return "", nil
}

// appended returns the values of append's variadic slice
// (append(s, a, b) builds a new array holding a and b).
func appended(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *arr.Referrers() {
		if ia, ok := r.(*ssa.IndexAddr); ok {
			for _, rr := range *ia.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
					out = append(out, st.Val)
				}
			}
		}
	}
	return out
}

// store handles a store instruction: a listener of known type stored into
// a field is recorded; a parameter stored into one makes this function a
// registration method, in its summary.
func (c *fnCtx) store(instr ssa.Instruction) {
	f, vals := storedInto(instr)
	if f == "" || !c.emit {
		return
	}
	for _, v := range vals {
		c.storeValue(f, v, instr.Pos())
	}
}

func (c *fnCtx) storeValue(field string, v ssa.Value, pos token.Pos) {
	if ct, ok := v.(*ssa.ChangeType); ok {
		v = ct.X
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		for i, p := range c.fn.Params {
			if p == v && len(c.fact.Stores) < maxCallbacks {
				c.fact.Stores = append(c.fact.Stores, paramStore{Param: i, Field: field})
			}
		}
	case *ssa.MakeInterface:
		c.p.storeType(field, v.X.Type(), v.Type(), c.site(pos))
	case *ssa.Function:
		c.p.storeFunc(field, v, c.site(pos))
	case *ssa.MakeClosure:
		c.p.storeFunc(field, v.Fn.(*ssa.Function), c.site(pos))
	}
}

// applyStores maps a callee's registrations onto its arguments.
func (c *fnCtx) applyStores(t target, pos token.Pos) {
	if !c.emit || t.dynamic {
		return
	}
	for _, s := range t.fact.Stores {
		if s.Param < len(t.args) {
			c.storeValue(s.Field, t.args[s.Param], pos)
		}
	}
}

// storeType records the methods of the concrete type t stored into field
// (whose static type, or element type, is the interface iface).
func (p *pkgState) storeType(field string, t, iface types.Type, at site) {
	it, ok := iface.Underlying().(*types.Interface)
	if !ok {
		return
	}
	ms := types.NewMethodSet(t)
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		sel := ms.Lookup(m.Pkg(), m.Name())
		if sel == nil {
			continue
		}
		obj, _ := sel.Obj().(*types.Func)
		if obj == nil {
			continue
		}
		var f *funcFact
		if fn := p.prog().FuncValue(obj); fn != nil && len(fn.Blocks) > 0 {
			f = p.summarize(fn)
		} else if fn != nil {
			f = p.factOf(fn)
		}
		p.addStore(fieldStore{Field: cbPrefix + field + "." + m.Name(), Impl: objName(obj), At: at}, f)
	}
}

func (p *pkgState) storeFunc(field string, fn *ssa.Function, at site) {
	p.addStore(fieldStore{Field: cbPrefix + field + ".", Impl: funcName(fn), At: at}, p.factOf(fn))
}

func (p *pkgState) addStore(s fieldStore, f *funcFact) {
	if f == nil {
		return
	}
	for _, a := range f.Acquires {
		if !isCallback(a.Ref.Class) {
			s.Acquires = append(s.Acquires, a)
		}
	}
	for _, r := range f.Releases {
		s.Releases = append(s.Releases, r.Class)
	}
	if len(s.Acquires) == 0 && len(s.Releases) == 0 {
		return
	}
	k := s.Field + " " + s.Impl
	if !p.storeSeen[k] {
		p.storeSeen[k] = true
		p.stores = append(p.stores, s)
	}
}

func (p *pkgState) prog() *ssa.Program { return p.ssaProg }
