package rewrite

import (
	"go/ast"
	"go/types"
)

// methodValue rewrites a synchronisation method used other than by
// calling it (trigger/CONTRACT.md section 3, "Values"):
//
//	f := mu.Lock             →  f := __dhrt.LockValue(&mu, &__dhSites[i])
//	g := (*sync.Mutex).Lock  →  g := __dhrt.LockExpr[(*sync.Mutex)](&__dhSites[j])
//
// The runtime function returns a function doing the instrumented
// operation at the method value's site. The receiver, and the implicit
// fields of a promoted method, are evaluated where the method value is,
// once, as Go evaluates them: the address is taken (or the pointer or
// interface copied) then, not when the function is called. A method
// expression keeps its receiver type as written, as the runtime
// function's type argument; one whose receiver type is not the method's
// own (a promoted method, (*T).Lock with T embedding sync.Mutex) is left
// alone with a warning.
func (f *fileRewriter) methodValue(s *ast.SelectorExpr) {
	if f.handled[s] {
		return
	}
	sel, ok := f.p.in.Info.Selections[s]
	if !ok {
		f.funcValue(s)
		return
	}
	switch sel.Kind() {
	case types.MethodVal:
		o := methodOp(s, sel)
		if o == nil {
			return
		}
		f.handled[s] = true
		class, obj := "", ""
		if o.lock {
			class = f.classOf(o)
		} else {
			obj = f.objOf(o)
		}
		site := f.site(s.Sel.Pos(), o.fn, class)
		f.p.res.Sites[site].Obj = obj
		v := *o
		v.fn += "Value"
		f.replace(s, func(w *out) { v.render(w, f.siteRef(site), func() { f.writeRecv(w, o) }, nil) })
	case types.MethodExpr:
		fn := methodOps[funcKey(sel.Obj().(*types.Func))]
		if fn == "" {
			return
		}
		if !exprRecvOK(sel) {
			f.warn(s.Sel.Pos(), "method expression %s not instrumented: its receiver type is not the method's own (a promoted method); the operation runs uncontrolled", f.text(s))
			return
		}
		f.handled[s] = true
		site := f.site(s.Sel.Pos(), fn, "")
		f.replace(s, func(w *out) {
			w.gen("__dhrt." + fn + "Expr[")
			f.node(w, s.X)
			w.gen("](" + f.siteRef(site) + ")")
		})
	}
}

// exprRecvOK reports whether a method expression's receiver type is one
// the runtime's XExpr accepts: the method's own receiver type, or for a
// sync.Locker method an interface type.
func exprRecvOK(sel *types.Selection) bool {
	r := sel.Recv()
	if _, ok := r.(*types.TypeParam); ok {
		return false
	}
	own := sel.Obj().Type().(*types.Signature).Recv().Type()
	if types.IsInterface(own) {
		return types.IsInterface(r)
	}
	return types.Identical(r, own)
}

// noValue are the package functions of funcOps left alone, with a
// warning saying why, when used as values: the generic rand.N and
// maps.Keys/Values/All (a value of them is an instantiation the runtime
// cannot name), and the sources of
// randomness outside the scheduler anyway (their calls are noted by the
// run as blind spots).
var noValue = map[string]string{
	"math/rand/v2.N":        "its draws are not the scheduler's (a witness may not replay them)",
	"hash/maphash.MakeSeed": "it runs outside the scheduler",
	"crypto/rand.Read":      "it runs outside the scheduler",
	"crypto/rand.Int":       "it runs outside the scheduler",
	// Generic: a value of them is an instantiation the runtime cannot name.
	"maps.Keys":   "its order is not the scheduler's (a witness may not replay it)",
	"maps.Values": "its order is not the scheduler's (a witness may not replay it)",
	"maps.All":    "its order is not the scheduler's (a witness may not replay it)",
}

// funcValue rewrites a package function that the runtime replaces, used
// other than by calling it: time.Now as a value (a clock handed to a
// cache) becomes the runtime's NowFunc; time.Sleep becomes
// __dhrt.SleepValue(&__dhSites[i]), a function sleeping on the virtual
// clock at that site; likewise every function of funcOps but those of
// noValue, which are left alone with a warning.
func (f *fileRewriter) funcValue(s *ast.SelectorExpr) {
	obj, ok := f.p.in.Info.Uses[s.Sel].(*types.Func)
	if !ok || obj.Pkg() == f.p.in.Pkg {
		return
	}
	key := funcKey(obj)
	fn := funcOps[key]
	if fn == "" {
		return
	}
	if why := noValue[key]; why != "" {
		f.warn(s.Sel.Pos(), "function value %s not instrumented: %s", f.text(s), why)
		return
	}
	f.keep = append(f.keep, f.text(s))
	if key == "time.Now" {
		f.replace(s, func(w *out) { w.gen("__dhrt.NowFunc") })
		return
	}
	site := f.site(s.Sel.Pos(), fn, "")
	f.replace(s, func(w *out) { w.gen("__dhrt." + fn + "Value(" + f.siteRef(site) + ")") })
}
