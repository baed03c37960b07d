package lockcycle

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// target is one possible callee of a call, with its summary and the values
// bound to its parameters and free variables.
type target struct {
	fact    *funcFact
	args    []ssa.Value
	name    string
	dynamic bool
	owner   string        // instance key of the object a function value was loaded from
	fn      *ssa.Function // the callee, when it is analysed in this package
}

func (c *fnCtx) targets(cc *ssa.CallCommon) []target {
	if cc.IsInvoke() {
		return c.p.invokeTargets(cc)
	}
	switch v := cc.Value.(type) {
	case *ssa.Builtin:
		return nil
	case *ssa.Function:
		if f := c.p.factOf(v); f != nil && !f.empty() {
			return []target{{fact: f, args: cc.Args, name: funcName(v), fn: v}}
		}
		return nil
	case *ssa.MakeClosure:
		fn := v.Fn.(*ssa.Function)
		if f := c.p.factOf(fn); f != nil && !f.empty() {
			args := append(append([]ssa.Value(nil), cc.Args...), v.Bindings...)
			return []target{{fact: f, args: args, name: funcName(fn), fn: fn}}
		}
		return nil
	}
	if fn, mc := c.localClosure(cc.Value); fn != nil {
		args := append([]ssa.Value(nil), cc.Args...)
		if mc != nil {
			args = append(args, mc.Bindings...)
		}
		if f := c.p.factOf(fn); f != nil && !f.empty() {
			return []target{{fact: f, args: args, name: funcName(fn), fn: fn}}
		}
		return nil
	}
	ld, ok := cc.Value.(*ssa.UnOp)
	if fa, isField := fieldOf(ld, ok); isField {
		ts := c.p.fieldTargets(cc, fa)
		owner := describe(c.fn, fa.X).key
		for i := range ts {
			ts[i].owner = owner
		}
		return ts
	}
	return c.p.valueTargets(cc)
}

func fieldOf(ld *ssa.UnOp, ok bool) (*ssa.FieldAddr, bool) {
	if !ok || ld.Op != token.MUL {
		return nil, false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	return fa, ok
}

// localClosure resolves a call through a local variable (boxed because a
// closure captures it) that is assigned exactly one function: the call is
// as static as a call in place.
func (c *fnCtx) localClosure(v ssa.Value) (*ssa.Function, *ssa.MakeClosure) {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil, nil
	}
	var alloc *ssa.Alloc
	switch x := ld.X.(type) {
	case *ssa.Alloc:
		alloc = x
	case *ssa.FreeVar:
		l := freeVarBinding(c.fn, x)
		alloc, _ = l.(*ssa.Alloc)
	}
	if alloc == nil {
		return nil, nil
	}
	var stored ssa.Value
	for _, r := range *alloc.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
			if stored != nil {
				return nil, nil
			}
			stored = st.Val
		}
	}
	switch f := stored.(type) {
	case *ssa.Function:
		return f, nil
	case *ssa.MakeClosure:
		return f.Fn.(*ssa.Function), f
	}
	return nil, nil
}

// freeVarBinding returns the value bound to a closure's free variable
// where the closure is made, or nil.
func freeVarBinding(fn *ssa.Function, fv *ssa.FreeVar) ssa.Value {
	parent := fn.Parent()
	if parent == nil {
		return nil
	}
	i := 0
	for i < len(fn.FreeVars) && fn.FreeVars[i] != fv {
		i++
	}
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && i < len(mc.Bindings) {
				return mc.Bindings[i]
			}
		}
	}
	return nil
}

// factOf returns the summary of a statically known callee: analysed here
// when its body is in this package, imported as a fact otherwise.
func (p *pkgState) factOf(fn *ssa.Function) *funcFact {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if len(fn.Blocks) > 0 {
		return p.summarize(fn)
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg() == p.pass.Pkg {
		return nil
	}
	var f funcFact
	if p.pass.ImportObjectFact(obj.Origin(), &f) {
		return &f
	}
	return nil
}
