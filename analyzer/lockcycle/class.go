package lockcycle

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// loc describes where a pointer value points: its lock class, its root
// (parameter, global, local) and the instance key that is equal for two
// values that provably denote the same object within one call.
type loc struct {
	ref
	key    string // "" when the instance is unknown (map or slice element, ...)
	global bool   // rooted at a package variable
	// For an element of a map or slice: the container's instance key, and
	// the parameter the index is computed from (-1 if none).
	elemOf  string
	elemIdx int
	idx     ssa.Value
}

// describe names the object a pointer value denotes, from the point of view
// of function fn.
func describe(fn *ssa.Function, v ssa.Value) loc {
	l := describeDepth(fn, v, 0)
	if l.global {
		l.GlobalKey = l.key
	}
	return l
}

func describeDepth(fn *ssa.Function, v ssa.Value, depth int) loc {
	if depth > 12 {
		return opaque(fn, v)
	}
	switch v := v.(type) {
	case *ssa.FieldAddr:
		return fieldLoc(fn, v.X, fieldName(v.X.Type(), v.Field), depth)
	case *ssa.Field:
		return fieldLoc(fn, v.X, fieldName(v.X.Type(), v.Field), depth)
	case *ssa.UnOp:
		if v.Op == token.MUL { // load through a pointer
			return describeDepth(fn, v.X, depth+1)
		}
	case *ssa.ChangeType:
		return describeDepth(fn, v.X, depth+1)
	case *ssa.MakeInterface:
		return describeDepth(fn, v.X, depth+1)
	case *ssa.TypeAssert:
		// v.(*T) is the object v holds: v.(*T).mu and t.mu (t := v.(*T))
		// are one instance.
		return describeDepth(fn, v.X, depth+1)
	case *ssa.IndexAddr:
		return elemLoc(fn, v.X, v.Index, depth)
	case *ssa.Index:
		return elemLoc(fn, v.X, v.Index, depth)
	case *ssa.Lookup:
		return elemLoc(fn, v.X, v.Index, depth)
	case *ssa.Extract: // the value of for k, v := range m
		if ta, ok := v.Tuple.(*ssa.TypeAssert); ok && v.Index == 0 { // t, ok := v.(*T)
			return describeDepth(fn, ta.X, depth+1)
		}
		if nx, ok := v.Tuple.(*ssa.Next); ok && v.Index == 2 {
			if r, ok := nx.Iter.(*ssa.Range); ok {
				if _, isMap := r.X.Type().Underlying().(*types.Map); isMap {
					return elemLoc(fn, r.X, v, depth)
				}
			}
		}
	case *ssa.Call:
		if l, ok := returnedLoc(fn, v, depth); ok {
			return l
		}
	case *ssa.Global:
		c := pkgName(v.Pkg.Pkg) + "." + v.Name()
		return loc{ref: ref{Class: c, Param: -1}, key: "g:" + c, global: true}
	case *ssa.Parameter:
		for i, p := range fn.Params {
			if p == v {
				return loc{ref: ref{Class: localClass(fn, v.Name()), Param: i, ClassFromArg: true}, key: "p" + strconv.Itoa(i)}
			}
		}
	case *ssa.FreeVar:
		for i, p := range fn.FreeVars {
			if p == v {
				l := freeVarLoc(fn, i, depth)
				l.Param, l.Path, l.ClassFromArg = len(fn.Params)+i, "", true
				l.key = "f" + strconv.Itoa(i)
				return l
			}
		}
	case *ssa.Alloc:
		if val := onlyStore(v); val != nil {
			// A pointer variable captured by a closure (boxed) and assigned
			// once, often a spilled parameter: it denotes what was stored.
			return describeDepth(fn, val, depth+1)
		}
		return loc{ref: ref{Class: localClass(fn, v.Comment), Param: -1}, key: fmt.Sprintf("a%p", v)}
	}
	return opaque(fn, v)
}

// opaque describes a value lockcycle cannot trace: a call result, a phi.
// The value itself is still one instance.
func opaque(fn *ssa.Function, v ssa.Value) loc {
	return loc{ref: ref{Class: exprClass(fn, v), Param: -1}, key: fmt.Sprintf("v%p", v), elemIdx: -1}
}

// fieldLoc names field f of the struct x points to (or is).
func fieldLoc(fn *ssa.Function, x ssa.Value, f string, depth int) loc {
	var base loc
	if isPath(x) {
		base = describeDepth(fn, x, depth+1)
	} else {
		base = describeDepth(fn, x, depth+1)
		if n := namedStruct(x.Type()); n != "" {
			base.Class = n
			base.ClassFromArg = false
		}
	}
	base.Class += "." + f
	base.ClassFromArg = false
	if base.Param >= 0 {
		base.Path += "." + f
	}
	if base.key != "" {
		base.key += "." + f
	}
	return base
}

// elemLoc names an element of the map, slice or array x.
func elemLoc(fn *ssa.Function, x, index ssa.Value, depth int) loc {
	base := describeDepth(fn, x, depth+1)
	base.Class += "[*]"
	base.Param, base.Path, base.global, base.ClassFromArg = -1, "", false, false
	base.elemOf, base.elemIdx, base.idx = base.key, indexParam(fn, index, 0), index
	base.key = ""
	return base
}

// indexParam returns the parameter an index is computed from by
// arithmetic and conversions, or -1.
func indexParam(fn *ssa.Function, v ssa.Value, depth int) int {
	if depth > 6 {
		return -1
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		for i, p := range fn.Params {
			if p == v {
				return i
			}
		}
	case *ssa.BinOp:
		if i := indexParam(fn, v.X, depth+1); i >= 0 {
			return i
		}
		return indexParam(fn, v.Y, depth+1)
	case *ssa.Convert:
		return indexParam(fn, v.X, depth+1)
	case *ssa.ChangeType:
		return indexParam(fn, v.X, depth+1)
	}
	return -1
}

// isPath reports whether x is itself a field or element held by value, so
// that a field of it extends the path rather than starting a new class. A
// pointer loaded from a field starts a new class named by its type: the
// object it points to is shared.
func isPath(x ssa.Value) bool {
	switch x := x.(type) {
	case *ssa.FieldAddr:
		return !embeddedNamed(x.X.Type(), x.Field)
	case *ssa.Field:
		return !embeddedNamed(x.X.Type(), x.Field)
	case *ssa.IndexAddr, *ssa.Index, *ssa.Lookup:
		return true
	case *ssa.Global:
		return namedStruct(x.Type()) == ""
	}
	return false
}

// freeVarLoc names free variable i of a closure by the value bound to it
// where the closure is made.
func freeVarLoc(fn *ssa.Function, i, depth int) loc {
	if parent := fn.Parent(); parent != nil {
		for _, b := range parent.Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && i < len(mc.Bindings) {
					return describeDepth(parent, mc.Bindings[i], depth+1)
				}
			}
		}
	}
	return loc{ref: ref{Class: localClass(fn, fn.FreeVars[i].Name()), Param: -1}}
}

// namedStruct returns "(*pkg.T)" when t is, or points to, a named type.
func namedStruct(t types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch n := types.Unalias(t).(type) {
	case *types.Named:
		obj := n.Origin().Obj()
		if obj.Pkg() == nil {
			return ""
		}
		return "(*" + pkgName(obj.Pkg()) + "." + obj.Name() + ")"
	}
	return ""
}

// embeddedNamed reports whether field i of the struct t (or *t) is an
// embedded named struct: its fields are named from that type, as its own
// methods see them ((*pkg.Inner).mu, not (*pkg.Outer).Inner.mu).
func embeddedNamed(t types.Type, i int) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok || i >= s.NumFields() || !s.Field(i).Embedded() {
		return false
	}
	_, named := types.Unalias(s.Field(i).Type()).(*types.Named)
	return named
}

func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i).Name()
	}
	return "field" + strconv.Itoa(i)
}

// localClass names a local variable of fn: pkg.Func.name, where Func is the
// enclosing named function.
func localClass(fn *ssa.Function, name string) string {
	return pkgOf(fn) + "." + topName(fn) + "." + name
}

func exprClass(fn *ssa.Function, v ssa.Value) string {
	p := fn.Prog.Fset.Position(v.Pos())
	if !p.IsValid() {
		return pkgOf(fn) + "." + topName(fn) + "." + v.Name()
	}
	return fmt.Sprintf("%s.expr@%s:%d", pkgOf(fn), filepath.Base(p.Filename), p.Line)
}

func topName(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Origin().Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}

func pkgOf(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Pkg != nil {
		return pkgName(fn.Pkg.Pkg)
	}
	if o := fn.Object(); o != nil && o.Pkg() != nil {
		return pkgName(o.Pkg())
	}
	return "?"
}

func pkgName(p *types.Package) string { return p.Name() }

// onlyStore returns the value stored into a heap-allocated pointer
// variable that is assigned exactly once, or nil.
func onlyStore(a *ssa.Alloc) ssa.Value {
	if !a.Heap {
		return nil
	}
	if _, ok := a.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Pointer); !ok {
		return nil
	}
	var val ssa.Value
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if val != nil {
				return nil
			}
			val = st.Val
		}
	}
	return val
}

// returnedLoc names the mutex (or sync.Locker) a call returns when the
// callee is a function of this package that returns one lock, named the
// same way at every return: mu := s.lockFor(k) is s.locks[*].
func returnedLoc(fn *ssa.Function, call *ssa.Call, depth int) (loc, bool) {
	t := call.Type()
	callee := call.Call.StaticCallee()
	if !(isSyncMutex(t) || isLockerIface(t)) || callee == nil || len(callee.Blocks) == 0 || callee == fn {
		return loc{}, false
	}
	var out *loc
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		l := describeDepth(callee, ret.Results[0], depth+1)
		if out != nil && (out.Class != l.Class || out.key != l.key) {
			return loc{}, false
		}
		out = &l
	}
	if out == nil || strings.HasPrefix(out.key, "v") || strings.HasPrefix(out.key, "a") {
		return loc{}, false // a local or untraced value of the callee
	}
	if out.global {
		out.GlobalKey = out.key
	}
	return mapOnto(fn, out.ref, call.Call.Args), true
}
