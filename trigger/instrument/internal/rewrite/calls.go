package rewrite

import (
	"go/ast"
	"go/types"
	"strings"
)

// call rewrites a call of a synchronisation function or method.
func (f *fileRewriter) call(c *ast.CallExpr) {
	if f.handled[c] {
		return
	}
	o := f.opOf(c)
	if o == nil {
		return
	}
	if !f.chanOK(o) {
		return
	}
	f.handled[ast.Unparen(c.Fun)] = true
	class := ""
	if o.lock {
		class = f.classOf(o)
	}
	site := f.site(c.Lparen, o.fn, class)
	if o.plain {
		keep := f.text(ast.Unparen(c.Fun))
		if fn := calledFunc(f.p.in.Info, c); fn != nil && fn.Type().(*types.Signature).TypeParams().Len() > 0 {
			keep += keepInst(funcKey(fn)) // a generic function (rand.N) is kept used instantiated
		}
		f.keep = append(f.keep, keep)
	}
	f.replace(c, func(w *out) {
		args := make([]func(), len(o.args))
		for i, a := range o.args {
			args[i] = func() { f.node(w, a) }
		}
		o.render(w, site, func() { f.writeRecv(w, o) }, args)
	})
}

// keepInst is the instantiation that keeps generic function key used.
func keepInst(key string) string {
	if strings.HasPrefix(key, "maps.") {
		return "[map[int]int]"
	}
	return "[int]"
}

// chanOK checks that close's operand is an ordinary channel.
func (f *fileRewriter) chanOK(o *op) bool {
	if o.fn != "Close" {
		return true
	}
	if _, ok := f.chanElem(o.args[0]); !ok {
		f.warn(o.args[0].Pos(), "close of %s not instrumented: type parameter without one channel element type this file can name", f.text(o.args[0]))
		return false
	}
	o.inst = f.inst(o.args[0])
	return true
}

// writeRecv writes the receiver of o as the original expression.
func (f *fileRewriter) writeRecv(w *out, o *op) {
	paren := (o.addr || o.path != "") && needsParens(o.recv)
	if paren {
		w.gen("(")
	}
	f.node(w, o.recv)
	if paren {
		w.gen(")")
	}
}

// methodValue warns about a synchronisation method used other than by
// calling it: a method value or method expression cannot be rewritten.
func (f *fileRewriter) methodValue(s *ast.SelectorExpr) {
	if f.handled[s] {
		return
	}
	sel, ok := f.p.in.Info.Selections[s]
	if !ok {
		f.funcValue(s)
		return
	}
	if sel.Kind() != types.MethodVal && sel.Kind() != types.MethodExpr {
		return
	}
	if fn := methodOps[funcKey(sel.Obj().(*types.Func))]; fn != "" {
		f.warn(s.Sel.Pos(), "method value %s not instrumented: the operation runs uncontrolled", f.text(s))
	}
}

// funcValue handles a package function that the runtime replaces, used
// other than by calling it: time.Now as a value (a clock handed to a
// cache) becomes the runtime's NowFunc; the others are left alone with a
// warning.
func (f *fileRewriter) funcValue(s *ast.SelectorExpr) {
	obj, ok := f.p.in.Info.Uses[s.Sel].(*types.Func)
	if !ok || obj.Pkg() == f.p.in.Pkg {
		return
	}
	key := funcKey(obj)
	if funcOps[key] == "" {
		return
	}
	if key == "time.Now" {
		f.keep = append(f.keep, f.text(s))
		f.replace(s, func(w *out) { w.gen("__dhrt.NowFunc") })
		return
	}
	why := "it runs outside the scheduler (real time)"
	switch {
	case randOps[key] != "":
		why = "its draws are not the scheduler's (a witness may not replay them)"
	case strings.HasPrefix(key, "maps."):
		why = "its order is not the scheduler's (a witness may not replay it)"
	}
	f.warn(s.Sel.Pos(), "function value %s not instrumented: %s", f.text(s), why)
}
