package lockcycle

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// method is a concrete method that an interface call may reach.
type method struct {
	obj  *types.Func
	fn   *ssa.Function // set for this package's methods
	fact *funcFact     // set for dependencies' methods
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
		if f == nil || f.lockFree() {
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
