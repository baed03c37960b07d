package rewrite

import (
	"go/ast"
	"go/types"
	"strings"
)

// call rewrites a call of a synchronisation function or method.
func (f *fileRewriter) call(c *ast.CallExpr) {
	if f.handled[c] || f.madeChan(c) {
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
	class, obj := "", ""
	if o.lock {
		class = f.classOf(o)
	} else {
		obj = f.objOf(o)
	}
	site := f.site(c.Lparen, o.fn, class)
	f.p.res.Sites[site].Obj = obj
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
		o.render(w, f.siteRef(site), func() { f.writeRecv(w, o) }, args)
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
