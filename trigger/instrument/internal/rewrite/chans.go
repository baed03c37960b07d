package rewrite

import (
	"go/ast"
	"go/types"
)

// chanElem returns the element type of a channel expression of ordinary
// channel type (not a type parameter).
func (f *fileRewriter) chanElem(ch ast.Expr) (types.Type, bool) {
	t := f.typeOf(ch)
	if t == nil {
		return nil, false
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return nil, false
	}
	c, ok := t.Underlying().(*types.Chan)
	if !ok {
		return nil, false
	}
	return c.Elem(), true
}

// sameElem reports whether v can be passed where the element type of ch is
// inferred from ch alone: v is untyped, or of the element type itself.
func (f *fileRewriter) sameElem(ch, v ast.Expr) bool {
	elem, _ := f.chanElem(ch)
	vt := f.typeOf(v)
	if b, ok := vt.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		return true
	}
	return elem != nil && vt != nil && types.Identical(elem, vt)
}

func isBlockContext(parent ast.Node) bool {
	switch parent.(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause, *ast.LabeledStmt:
		return true
	}
	return false
}

// send rewrites ch <- v.
func (f *fileRewriter) send(s *ast.SendStmt, parent ast.Node) {
	if f.handled[s] {
		return
	}
	if _, ok := f.chanElem(s.Chan); !ok {
		f.warn(s.Arrow, "send on %s not instrumented: channel of type parameter type", f.text(s.Chan))
		return
	}
	same := f.sameElem(s.Chan, s.Value)
	if !same && !isBlockContext(parent) {
		f.warn(s.Arrow, "send on %s not instrumented: value needs a conversion in a simple statement", f.text(s.Chan))
		return
	}
	site := f.site(s.Arrow, "Send", "")
	f.replace(s, func(w *out) {
		if same {
			w.gen("__dhrt.Send(")
			f.node(w, s.Chan)
			w.gen(", ")
			f.node(w, s.Value)
			w.genf(", %s)", siteRef(site))
			return
		}
		// The value converts to the element type by assignment.
		c, v := f.newTmp(), f.newTmp()
		w.genf("{ %s := ", c)
		f.node(w, s.Chan)
		w.genf("; %s := __dhZeroS(%s); %s = ", v, c, v)
		f.node(w, s.Value)
		w.genf("; __dhrt.Send(%s, %s, %s) }", c, v, siteRef(site))
	})
}

// recv rewrites <-ch, and v, ok := <-ch.
func (f *fileRewriter) recv(u *ast.UnaryExpr) {
	if f.handled[u] {
		return
	}
	if _, ok := f.chanElem(u.X); !ok {
		f.warn(u.OpPos, "receive from %s not instrumented: channel of type parameter type", f.text(u.X))
		return
	}
	fn := "Recv"
	if f.recv2[u] {
		fn = "Recv2"
	}
	site := f.site(u.OpPos, fn, "")
	f.replace(u, func(w *out) {
		w.gen("__dhrt." + fn + "(")
		f.node(w, u.X)
		w.genf(", %s)", siteRef(site))
	})
}

// rangeChan rewrites the header of for v := range ch into a three-clause
// loop receiving through the runtime; the channel is evaluated once.
func (f *fileRewriter) rangeChan(r *ast.RangeStmt) {
	if t := f.typeOf(r.X); t == nil {
		return
	} else if _, ok := t.Underlying().(*types.Chan); !ok {
		if _, isTP := types.Unalias(t).(*types.TypeParam); isTP {
			f.warn(r.For, "range over %s not instrumented: type parameter type", f.text(r.X))
		}
		return
	}
	if _, ok := f.chanElem(r.X); !ok {
		return
	}
	site := f.site(r.For, "Range", "")
	lbrace := r.Body.Lbrace + 1
	f.edits = append(f.edits, edit{pos: f.off(r.For), end: f.off(lbrace), gen: func(w *out) {
		n := f.newTmp()
		it, ok, v := n+"it", n+"ok", "_"
		assign := r.Tok.String() == "=" && r.Key != nil
		switch {
		case assign:
			v = n + "v"
		case r.Key != nil:
			v = r.Key.(*ast.Ident).Name
		}
		w.genf("for %s, %s, %s := __dhRange(", it, v, ok)
		f.node(w, r.X)
		w.genf(", %s); %s; %s, %s = %s.next() {", siteRef(site), ok, v, ok, it)
		if assign {
			w.gen(" ")
			f.node(w, r.Key)
			w.genf(" = %s;", v)
		}
	}})
}
