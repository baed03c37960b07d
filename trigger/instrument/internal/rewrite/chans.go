package rewrite

import (
	"go/ast"
	"go/types"
	"strconv"
)

// chanElem returns the element type of a channel expression: of channel
// type, or of a type parameter whose type set holds channels of one
// element type that this file can spell (see inst).
func (f *fileRewriter) chanElem(ch ast.Expr) (types.Type, bool) {
	t := f.typeOf(ch)
	if t == nil {
		return nil, false
	}
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		elem, ok := coreChanElem(tp)
		if !ok {
			return nil, false
		}
		_, ok = f.typeText(elem)
		return elem, ok
	}
	c, ok := t.Underlying().(*types.Chan)
	if !ok {
		return nil, false
	}
	return c.Elem(), true
}

// inst returns the explicit instantiation a runtime call on ch needs:
// "" for a channel type, "[E]" for a type parameter, whose element type
// inference cannot see.
func (f *fileRewriter) inst(ch ast.Expr) string {
	tp, ok := types.Unalias(f.typeOf(ch)).(*types.TypeParam)
	if !ok {
		return ""
	}
	elem, _ := coreChanElem(tp)
	s, _ := f.typeText(elem)
	return "[" + s + "]"
}

// coreChanElem returns the element type shared by the channel types of a
// type parameter's type set.
func coreChanElem(tp *types.TypeParam) (types.Type, bool) {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok || iface.NumEmbeddeds() == 0 {
		return nil, false
	}
	var elem types.Type
	same := func(t types.Type) bool {
		c, ok := t.Underlying().(*types.Chan)
		if !ok || (elem != nil && !types.Identical(elem, c.Elem())) {
			return false
		}
		elem = c.Elem()
		return true
	}
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := 0; j < e.Len(); j++ {
				if !same(e.Term(j).Type()) {
					return nil, false
				}
			}
		default:
			if !same(e) {
				return nil, false
			}
		}
	}
	return elem, elem != nil
}

// typeText spells t in this file, if every package it names is imported.
func (f *fileRewriter) typeText(t types.Type) (string, bool) {
	ok := true
	s := types.TypeString(t, func(p *types.Package) string {
		if p == f.p.in.Pkg {
			return ""
		}
		for _, imp := range f.file.Imports {
			if path, err := strconv.Unquote(imp.Path.Value); err == nil && path == p.Path() {
				switch {
				case imp.Name == nil:
					return p.Name()
				case imp.Name.Name != "_" && imp.Name.Name != ".":
					return imp.Name.Name
				}
			}
		}
		ok = false
		return p.Name()
	})
	return s, ok
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

// send rewrites ch <- v. When v's type is not the element type, the
// element type is given explicitly (__dhrt.Send[E]) if the file can name
// it, or v is converted by assignment to a temporary.
func (f *fileRewriter) send(s *ast.SendStmt, parent ast.Node) {
	if f.handled[s] {
		return
	}
	elem, ok := f.chanElem(s.Chan)
	if !ok {
		f.warn(s.Arrow, "send on %s not instrumented: type parameter without one channel element type this file can name", f.text(s.Chan))
		return
	}
	inst := f.inst(s.Chan)
	direct := inst != "" || f.sameElem(s.Chan, s.Value)
	if txt, ok := f.typeText(elem); !direct && ok {
		inst, direct = "["+txt+"]", true
	}
	if !direct && !isBlockContext(parent) {
		f.warn(s.Arrow, "send on %s not instrumented: value needs a conversion in a simple statement", f.text(s.Chan))
		return
	}
	site := f.siteObj(s.Arrow, "Send", f.chanObj(s.Chan))
	f.replace(s, func(w *out) {
		if direct {
			w.gen("__dhrt.Send" + inst + "(")
			f.node(w, s.Chan)
			w.gen(", ")
			f.node(w, s.Value)
			w.genf(", %s)", f.siteRef(site))
			return
		}
		c, v := f.newTmp(), f.newTmp()
		w.genf("{ %s := ", c)
		f.node(w, s.Chan)
		w.genf("; %s := __dhZeroS(%s); %s = ", v, c, v)
		f.node(w, s.Value)
		w.genf("; __dhrt.Send(%s, %s, %s) }", c, v, f.siteRef(site))
	})
}

// recv rewrites <-ch, and v, ok := <-ch.
func (f *fileRewriter) recv(u *ast.UnaryExpr) {
	if f.handled[u] {
		return
	}
	if _, ok := f.chanElem(u.X); !ok {
		f.warn(u.OpPos, "receive from %s not instrumented: type parameter without one channel element type this file can name", f.text(u.X))
		return
	}
	fn := "Recv"
	if f.recv2[u] {
		fn = "Recv2"
	}
	site := f.siteObj(u.OpPos, fn, f.chanObj(u.X))
	f.replace(u, func(w *out) {
		w.gen("__dhrt." + fn + f.inst(u.X) + "(")
		f.node(w, u.X)
		w.genf(", %s)", f.siteRef(site))
	})
}

// rangeChan rewrites the header of for v := range ch into a three-clause
// loop receiving through the runtime; the channel is evaluated once.
func (f *fileRewriter) rangeChan(r *ast.RangeStmt) {
	t := f.typeOf(r.X)
	if t == nil {
		return
	}
	tp, isTP := types.Unalias(t).(*types.TypeParam)
	if _, isChan := t.Underlying().(*types.Chan); !isChan && !isTP {
		return
	}
	if isTP {
		if _, ok := coreChanElem(tp); !ok {
			return // not a channel type set: range over something else
		}
	}
	if _, ok := f.chanElem(r.X); !ok {
		f.warn(r.For, "range over %s not instrumented: type parameter without one channel element type this file can name", f.text(r.X))
		return
	}
	site := f.siteObj(r.For, "Range", f.chanObj(r.X))
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
		w.genf("for %s, %s, %s := __dhRange%s(", it, v, ok, f.inst(r.X))
		f.node(w, r.X)
		w.genf(", %s); %s; %s, %s = %s.next() {", f.siteRef(site), ok, v, ok, it)
		if assign {
			w.gen(" ")
			f.node(w, r.Key)
			w.genf(" = %s;", v)
		}
	}})
}

// madeChan wraps a make of a channel in MadeChan, which numbers the
// channel in the order the scheduler runs the goroutines that make them:
// a map keyed by channels (a broker's subscribers) then ranges in an
// order the scheduler draws and a replay gives back. It reports whether c
// was one. A type parameter's make is left alone.
func (f *fileRewriter) madeChan(c *ast.CallExpr) bool {
	id, ok := ast.Unparen(c.Fun).(*ast.Ident)
	if !ok || len(c.Args) == 0 || len(c.Args) > 2 {
		return false
	}
	if b, ok := f.p.in.Info.Uses[id].(*types.Builtin); !ok || b.Name() != "make" {
		return false
	}
	t := f.typeOf(c)
	if t == nil {
		return false
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return false
	}
	if ch, ok := t.Underlying().(*types.Chan); !ok || ch.Dir() != types.SendRecv {
		return false
	}
	f.replace(c, func(w *out) {
		w.gen("__dhrt.MadeChan(")
		f.node(w, c.Fun)
		w.gen("(")
		for i, a := range c.Args {
			if i > 0 {
				w.gen(", ")
			}
			f.node(w, a)
		}
		w.gen("))")
	})
	return true
}
