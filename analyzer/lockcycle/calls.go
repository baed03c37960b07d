package lockcycle

import (
	"go/token"
	"go/types"
	"strings"

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

// method is a concrete method that an interface call may reach.
type method struct {
	obj  *types.Func
	fn   *ssa.Function // set for this package's methods
	fact *funcFact     // set for dependencies' methods
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

// fieldTargets resolves a call through a function stored in a struct field
// to the functions this package stores into that field.
func (p *pkgState) fieldTargets(cc *ssa.CallCommon, fa *ssa.FieldAddr) []target {
	p.addressTaken()
	var out []target
	for _, fn := range p.fieldIdx[fieldKey(fa)] {
		f := p.summarize(fn)
		if f.empty() {
			continue
		}
		out = append(out, target{fact: f, args: cc.Args, name: funcName(fn), dynamic: true, fn: fn})
		if len(out) > maxImpls {
			return nil
		}
	}
	return out
}

func fieldKey(fa *ssa.FieldAddr) string {
	return types.TypeString(fa.X.Type(), nil) + "." + fieldName(fa.X.Type(), fa.Field)
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

// invokeTargets resolves an interface method call to the methods of the
// types, in this package and its dependencies, that implement the
// interface and whose summaries touch locks.
func (p *pkgState) invokeTargets(cc *ssa.CallCommon) []target {
	if _, ok := cc.Value.Type().(*types.TypeParam); ok || isSyncLocker(cc.Value.Type()) {
		return nil
	}
	iface, ok := cc.Value.Type().Underlying().(*types.Interface)
	if !ok || fromAssertion(cc.Value) {
		return nil
	}
	var out []target
	for _, m := range p.methods()[cc.Method.Name()] {
		if !implements(m.obj, iface) {
			continue
		}
		f := m.fact
		if m.fn != nil {
			f = p.summarize(m.fn)
		}
		if f == nil || f.empty() {
			continue
		}
		args := append([]ssa.Value{cc.Value}, cc.Args...)
		out = append(out, target{fact: f, args: args, name: objName(m.obj), dynamic: true, fn: m.fn})
		if len(out) > maxIfaceImpls {
			return nil
		}
	}
	return out
}

func implements(m *types.Func, iface *types.Interface) bool {
	recv := m.Signature().Recv().Type()
	base := recv
	if p, ok := recv.(*types.Pointer); ok {
		base = p.Elem()
	}
	n, ok := types.Unalias(base).(*types.Named)
	if !ok || n.TypeParams().Len() > 0 {
		return false
	}
	if types.Implements(recv, iface) {
		return true
	}
	_, isPtr := recv.(*types.Pointer)
	return !isPtr && types.Implements(types.NewPointer(recv), iface)
}

func isSyncLocker(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync"
}

// methods indexes by name the methods an interface call may reach: this
// package's, and those of dependencies that have a summary.
func (p *pkgState) methods() map[string][]method {
	if p.methodIdx != nil {
		return p.methodIdx
	}
	p.methodIdx = make(map[string][]method)
	for _, fn := range p.srcFuncs {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Signature().Recv() != nil {
			p.methodIdx[obj.Name()] = append(p.methodIdx[obj.Name()], method{obj: obj, fn: fn})
		}
	}
	for _, of := range p.pass.AllObjectFacts() {
		f, ok := of.Fact.(*funcFact)
		obj, isFunc := of.Object.(*types.Func)
		if ok && isFunc && obj.Pkg() != p.pass.Pkg && obj.Signature().Recv() != nil {
			p.methodIdx[obj.Name()] = append(p.methodIdx[obj.Name()], method{obj: obj, fact: f})
		}
	}
	return p.methodIdx
}

// valueTargets resolves a call through a function value to this package's
// functions of the same signature whose address is taken.
func (p *pkgState) valueTargets(cc *ssa.CallCommon) []target {
	sig := cc.Signature()
	var out []target
	for _, fn := range p.addressTaken() {
		if !types.Identical(fn.Signature, sig) {
			continue
		}
		f := p.summarize(fn)
		if f.empty() {
			continue
		}
		out = append(out, target{fact: f, args: cc.Args, name: funcName(fn), dynamic: true, fn: fn})
		if len(out) > maxImpls {
			return nil
		}
	}
	return out
}

// addressTaken lists the functions and closures of this package used as
// values rather than called in place.
func (p *pkgState) addressTaken() []*ssa.Function {
	if p.valueDone {
		return p.valueIdx
	}
	p.valueDone = true
	p.fieldIdx = make(map[string][]*ssa.Function)
	seen := make(map[*ssa.Function]bool)
	for _, fn := range p.srcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				p.scanValues(instr, seen)
			}
		}
	}
	return p.valueIdx
}

func (p *pkgState) scanValues(instr ssa.Instruction, seen map[*ssa.Function]bool) {
	if st, ok := instr.(*ssa.Store); ok {
		if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
			var fn *ssa.Function
			switch v := st.Val.(type) {
			case *ssa.Function:
				fn = v
			case *ssa.MakeClosure:
				fn = v.Fn.(*ssa.Function)
			}
			if fn != nil {
				k := fieldKey(fa)
				p.fieldIdx[k] = append(p.fieldIdx[k], fn)
			}
		}
	}
	var callee ssa.Value
	if ci, ok := instr.(ssa.CallInstruction); ok {
		callee = ci.Common().Value
	}
	if mc, ok := instr.(*ssa.MakeClosure); ok {
		if fn := mc.Fn.(*ssa.Function); !seen[fn] && !calledInPlace(mc) {
			seen[fn] = true
			p.valueIdx = append(p.valueIdx, fn)
		}
		return
	}
	for _, op := range instr.Operands(nil) {
		if fn, ok := (*op).(*ssa.Function); ok && *op != callee && !seen[fn] && len(fn.Blocks) > 0 {
			seen[fn] = true
			p.valueIdx = append(p.valueIdx, fn)
		}
	}
}

func calledInPlace(mc *ssa.MakeClosure) bool {
	refs := mc.Referrers()
	if refs == nil {
		return true
	}
	for _, r := range *refs {
		ci, ok := r.(ssa.CallInstruction)
		if !ok || ci.Common().Value != mc {
			return false
		}
	}
	return true
}

// funcName names a function for call chains: pkg.F, (*pkg.T).M, pkg.F$1.
func funcName(fn *ssa.Function) string {
	if par := fn.Parent(); par != nil && strings.HasPrefix(fn.Name(), par.Name()) {
		return funcName(par) + fn.Name()[len(par.Name()):]
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return objName(obj)
	}
	return fn.Name()
}

func objName(obj *types.Func) string {
	pkg := ""
	if obj.Pkg() != nil {
		pkg = obj.Pkg().Name() + "."
	}
	recv := obj.Signature().Recv()
	if recv == nil {
		return pkg + obj.Name()
	}
	t := recv.Type()
	star := ""
	if p, ok := t.(*types.Pointer); ok {
		t, star = p.Elem(), "*"
	}
	name := types.TypeString(t, func(*types.Package) string { return "" })
	if n, ok := types.Unalias(t).(*types.Named); ok {
		name = n.Origin().Obj().Name()
	}
	return "(" + star + pkg + name + ")." + obj.Name()
}

// fromAssertion reports whether an interface value comes from a type
// assertion (if r, ok := v.(io.Closer); ok { r.Close() }): an optional
// interface of an arbitrary value, whose implementations lockcycle cannot
// guess from the types it sees.
func fromAssertion(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.TypeAssert:
		return true
	case *ssa.Extract:
		_, ok := v.Tuple.(*ssa.TypeAssert)
		return ok
	}
	return false
}
