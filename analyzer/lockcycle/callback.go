package lockcycle

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

const maxCallbacks = 16

// noteCallback records an interface call made with locks held, for the
// callers of this function in packages that implement the interface.
func (c *fnCtx) noteCallback(st *state, cc *ssa.CallCommon, pos token.Pos) {
	if !c.emit || len(st.held) == 0 || isSyncLocker(cc.Value.Type()) || fromAssertion(cc.Value) {
		return
	}
	n, ok := types.Unalias(cc.Value.Type()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return
	}
	cb := callback{Iface: n.Obj().Pkg().Path() + "." + n.Obj().Name(), Method: cc.Method.Name(),
		Recv: describe(c.fn, cc.Value).ref, Site: c.site(pos)}
	for _, h := range st.held {
		cb.Held = append(cb.Held, acq{Ref: h.ref, Mode: h.mode, Site: h.site, Via: h.via, Ignored: h.ignored})
	}
	c.addCallback(cb)
}

func (c *fnCtx) addCallback(cb callback) {
	if len(c.fact.Callbacks) >= maxCallbacks || cb.Recv.Param < 0 || cb.Recv.Path != "" {
		return // only an interface value passed in as a parameter maps onto a caller's argument
	}
	for _, x := range c.fact.Callbacks {
		if x.Iface == cb.Iface && x.Method == cb.Method && x.Recv == cb.Recv {
			return
		}
	}
	c.fact.Callbacks = append(c.fact.Callbacks, cb)
}

// callbacks handles the interface calls a callee makes with locks held:
// each resolves to this package's implementations (the concrete type of
// the argument when it is known), whose acquisitions happen with the
// callee's locks and this function's locks held. They are passed on to
// this function's callers too.
func (c *fnCtx) callbacks(st *state, t target, pos token.Pos) {
	if !c.emit || t.dynamic {
		return
	}
	for _, cb := range t.fact.Callbacks {
		if cb.Recv.Param >= len(t.args) {
			continue
		}
		arg := t.args[cb.Recv.Param]
		inner := st.clone()
		up := cb
		up.Held, up.Via = nil, prepend(t.name, cb.Via)
		up.Recv = c.mapRef(cb.Recv, t.args).ref
		for _, a := range cb.Held {
			h := held{loc: c.mapRef(a.Ref, t.args), mode: a.Mode, site: a.Site, pos: pos, via: prepend(t.name, a.Via), ignored: a.Ignored}
			inner.held = append(inner.held, h)
			up.Held = append(up.Held, a)
			up.Held[len(up.Held)-1].Ref = h.ref
		}
		for _, h := range st.held {
			up.Held = append(up.Held, acq{Ref: h.ref, Mode: h.mode, Site: h.site, Via: h.via, Ignored: h.ignored})
		}
		c.addCallback(up)
		for _, impl := range c.p.implsOf(cb, arg) {
			name := funcName(impl)
			for _, a := range c.p.summarize(impl).Acquires {
				h := held{loc: c.mapRef(a.Ref, []ssa.Value{arg}), mode: a.Mode, site: a.Site, pos: pos,
					via: append(prepend(t.name, cb.Via), prepend(name, a.Via)...), ignored: a.Ignored}
				c.acquired(inner, h, a.Inner, nil, true)
			}
		}
	}
}

// implsOf returns this package's methods a callback may reach: the
// method of the argument's concrete type when it is known, else those of
// the types implementing the interface (at most maxIfaceImpls).
func (p *pkgState) implsOf(cb callback, arg ssa.Value) []*ssa.Function {
	iface := p.lookupInterface(cb.Iface)
	if iface == nil {
		return nil
	}
	if mi, ok := arg.(*ssa.MakeInterface); ok {
		sel := types.NewMethodSet(mi.X.Type()).Lookup(p.pass.Pkg, cb.Method)
		if sel == nil {
			sel = types.NewMethodSet(mi.X.Type()).Lookup(nil, cb.Method)
		}
		if sel == nil {
			return nil
		}
		for _, m := range p.methods()[cb.Method] {
			if m.fn != nil && m.obj == sel.Obj() {
				return []*ssa.Function{m.fn}
			}
		}
		return nil
	}
	var out []*ssa.Function
	for _, m := range p.methods()[cb.Method] {
		if m.fn != nil && implements(m.obj, iface) {
			out = append(out, m.fn)
		}
	}
	if len(out) > maxIfaceImpls {
		return nil
	}
	return out
}

// lookupInterface finds an interface type by "path.Name" among this
// package and its dependencies.
func (p *pkgState) lookupInterface(name string) *types.Interface {
	seen := make(map[*types.Package]bool)
	var find func(q *types.Package) *types.Interface
	find = func(q *types.Package) *types.Interface {
		if seen[q] {
			return nil
		}
		seen[q] = true
		if len(name) > len(q.Path()) && name[:len(q.Path())] == q.Path() && name[len(q.Path())] == '.' {
			if obj := q.Scope().Lookup(name[len(q.Path())+1:]); obj != nil {
				iface, _ := obj.Type().Underlying().(*types.Interface)
				return iface
			}
		}
		for _, i := range q.Imports() {
			if r := find(i); r != nil {
				return r
			}
		}
		return nil
	}
	return find(p.pass.Pkg)
}
