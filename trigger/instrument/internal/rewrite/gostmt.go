package rewrite

import (
	"go/ast"
	"go/types"
	"strings"
)

// goStmt rewrites go f(a, b) into
//
//	{ __dh1 := f; __dh2 := a; __dhrt.Go(site, func() { __dh1(__dh2, b) }) }
//
// evaluating the function value and the arguments in the parent in source
// order; constants, untyped values, function literals and static functions
// (including generic instantiations) stay inline.
func (f *fileRewriter) goStmt(g *ast.GoStmt) {
	c := g.Call
	f.handled[c] = true
	o := f.opOf(c)
	if o != nil {
		if !f.chanOK(o) {
			o = nil
		} else {
			f.handled[ast.Unparen(c.Fun)] = true
		}
	}
	class := ""
	if o != nil && o.lock {
		class = f.classOf(o)
	}
	site := f.site(g.Go, "Go", "")
	opSite := -1
	if o != nil {
		opSite = f.site(c.Lparen, o.fn, class)
		if !o.lock {
			f.p.res.Sites[opSite].Obj = f.objOf(o)
		}
	}
	f.replace(g, func(w *out) {
		w.gen("{ ")
		var fun func()
		var recv func()
		if o != nil {
			if o.recv != nil {
				t := f.newTmp()
				w.genf("%s := ", t)
				if o.addr {
					w.gen("&")
				}
				f.writeRecv(w, o)
				w.gen(o.path + "; ")
				recv = func() { w.gen(t) }
			}
		} else if f.inlineFun(c.Fun) {
			fun = func() { f.node(w, c.Fun) }
		} else {
			t := f.newTmp()
			w.genf("%s := ", t)
			f.node(w, c.Fun)
			w.gen("; ")
			fun = func() { w.gen(t) }
		}
		args := f.goArgs(w, c)
		w.at(f.off(g.Go))
		w.genf("__dhrt.Go(%s, func() { ", f.siteRef(site))
		if o != nil {
			inner := *o
			inner.addr, inner.path = false, ""
			inner.render(w, f.siteRef(opSite), recv, args)
		} else {
			fun()
			w.gen("(")
			for i, a := range args {
				if i > 0 {
					w.gen(", ")
				}
				a()
			}
			if c.Ellipsis.IsValid() {
				w.gen("...")
			}
			w.gen(")")
		}
		w.gen(" }) }")
	})
}

// goArgs evaluates the arguments of a go statement's call into
// temporaries where needed and returns writers of the operands.
func (f *fileRewriter) goArgs(w *out, c *ast.CallExpr) []func() {
	info := f.p.in.Info
	if len(c.Args) == 1 {
		if tup, ok := f.typeOf(c.Args[0]).(*types.Tuple); ok && tup.Len() > 1 {
			names := make([]string, tup.Len())
			for i := range names {
				names[i] = f.newTmp()
			}
			w.gen(strings.Join(names, ", ") + " := ")
			f.node(w, c.Args[0])
			w.gen("; ")
			return []func(){func() { w.gen(strings.Join(names, ", ")) }}
		}
	}
	var args []func()
	for _, a := range c.Args {
		tv := info.Types[a]
		if tv.Value != nil || tv.IsNil() || isUntyped(tv.Type) || isFuncLit(a) {
			args = append(args, func() { f.node(w, a) })
			continue
		}
		t := f.newTmp()
		w.genf("%s := ", t)
		f.node(w, a)
		w.gen("; ")
		args = append(args, func() { w.gen(t) })
	}
	return args
}

func isUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

func isFuncLit(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.FuncLit)
	return ok
}

// inlineFun reports whether a go statement's function needs no
// evaluation in the parent: a literal, a declared function (possibly
// instantiated), a method expression or a builtin.
func (f *fileRewriter) inlineFun(e ast.Expr) bool {
	info := f.p.in.Info
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return true
	case *ast.Ident:
		switch info.Uses[x].(type) {
		case *types.Func, *types.Builtin:
			return true
		}
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[x]; ok {
			return sel.Kind() == types.MethodExpr
		}
		_, ok := info.Uses[x.Sel].(*types.Func)
		return ok
	case *ast.IndexExpr:
		return f.isGenericFunc(x.X)
	case *ast.IndexListExpr:
		return f.isGenericFunc(x.X)
	}
	return false
}

func (f *fileRewriter) isGenericFunc(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := f.p.in.Info.Uses[x].(*types.Func)
		return ok
	case *ast.SelectorExpr:
		if _, ok := f.p.in.Info.Selections[x]; ok {
			return false
		}
		_, ok := f.p.in.Info.Uses[x.Sel].(*types.Func)
		return ok
	}
	return false
}
