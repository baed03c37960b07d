package rewrite

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// selectStmt rewrites a select statement into case builders evaluated in
// source order and a switch on the chosen case:
//
//	{ __dh1c := __dhrt.RecvCase(ch, nil, nil); [L:] switch __dhrt.Select(site, false, __dh1c) {
//	case 0: ...
//	} }
//
// An unlabelled break leaves the switch as it left the select; a label
// stays on the switch so break L keeps working.
func (f *fileRewriter) selectStmt(s *ast.SelectStmt, parent ast.Node) {
	// A case's communication can only be rewritten with its select.
	for _, st := range s.Body.List {
		switch c := st.(*ast.CommClause).Comm.(type) {
		case *ast.SendStmt:
			f.handled[c] = true
		case *ast.ExprStmt:
			f.handled[ast.Unparen(c.X)] = true
		case *ast.AssignStmt:
			f.handled[ast.Unparen(c.Rhs[0])] = true
		}
	}
	for _, st := range s.Body.List {
		cc := st.(*ast.CommClause)
		if cc.Comm == nil {
			continue
		}
		ch, ok := commChan(cc.Comm)
		if !ok {
			return
		}
		if _, ok := f.chanElem(ch); !ok {
			f.warn(s.Select, "select not instrumented: %s has a type parameter type without one channel element type this file can name", f.text(ch))
			return
		}
		if a, ok := cc.Comm.(*ast.AssignStmt); ok && !f.okIsBool(a) {
			f.warn(s.Select, "select not instrumented: the ok of a case is not of type bool")
			return
		}
	}
	var objs []string // the cases' channels, in the runtime's case order, receives as <-ch
	named := false
	for _, st := range s.Body.List {
		if cc := st.(*ast.CommClause); cc.Comm != nil {
			ch, _ := commChan(cc.Comm)
			o := f.chanObj(ch)
			if _, send := cc.Comm.(*ast.SendStmt); !send && o != "" {
				o = "<-" + o // a receive case
			}
			objs = append(objs, o)
			named = named || o != ""
		}
	}
	obj := ""
	if named {
		obj = strings.Join(objs, "|")
	}
	site := f.siteObj(s.Select, "Select", obj)
	var node ast.Node = s
	var label *ast.Ident
	if l, ok := parent.(*ast.LabeledStmt); ok && l.Stmt == s {
		node, label = l, l.Label
	}
	f.replace(node, func(w *out) { f.writeSelect(w, s, label, site) })
}

// commChan returns the channel a select case communicates on.
func commChan(st ast.Stmt) (ast.Expr, bool) {
	switch c := st.(type) {
	case *ast.SendStmt:
		return c.Chan, true
	case *ast.ExprStmt:
		if u, ok := ast.Unparen(c.X).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			return u.X, true
		}
	case *ast.AssignStmt:
		if u, ok := ast.Unparen(c.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			return u.X, true
		}
	}
	return nil, false
}

// A labeled select becomes `L: switch { default: <cases>; switch … }`, not
// a block holding the label: a goto from outside may reach it (Go forbids
// a jump into a block), every jump to it evaluates its channels again, and
// `break L` still leaves it.
func (f *fileRewriter) writeSelect(w *out, s *ast.SelectStmt, label *ast.Ident, site int) {
	if label != nil {
		w.at(f.off(label.Pos()))
		w.gen(label.Name + ": switch { default: ")
	} else {
		w.gen("{ ")
	}
	hasDefault := false
	var cases []string
	heads := make([]string, len(s.Body.List))
	assigns := make([]*ast.AssignStmt, len(s.Body.List))
	for i, st := range s.Body.List {
		cc := st.(*ast.CommClause)
		if cc.Comm == nil {
			hasDefault = true
			continue
		}
		n := f.newTmp()
		heads[i] = n
		cases = append(cases, n+"c")
		switch c := cc.Comm.(type) {
		case *ast.SendStmt:
			w.genf("%sch := ", n)
			f.node(w, c.Chan)
			in := f.inst(c.Chan)
			w.genf("; %sv := __dhZeroS%s(%sch); %sv = ", n, in, n, n)
			f.node(w, c.Value)
			w.genf("; %sc := __dhrt.SendCase%s(%sch, %sv); ", n, in, n, n)
		case *ast.ExprStmt:
			ch := ast.Unparen(c.X).(*ast.UnaryExpr).X
			w.genf("%sc := __dhrt.RecvCase%s(", n, f.inst(ch))
			f.node(w, ast.Unparen(c.X).(*ast.UnaryExpr).X)
			w.gen(", nil, nil); ")
		case *ast.AssignStmt:
			assigns[i] = c
			v, ok := "_", "_"
			if usesTarget(c, 0) {
				v = n + "v"
			}
			if usesTarget(c, 1) {
				ok = n + "ok"
			}
			w.genf("%sc, %s, %s := __dhRecvCase%s(", n, v, ok, f.inst(ast.Unparen(c.Rhs[0]).(*ast.UnaryExpr).X))
			f.node(w, ast.Unparen(c.Rhs[0]).(*ast.UnaryExpr).X)
			w.gen("); ")
		}
	}
	w.at(f.off(s.Select))
	w.genf("switch __dhrt.Select(%s, %t", f.siteRef(site), hasDefault)
	for _, c := range cases {
		w.gen(", " + c)
	}
	w.gen(") {")
	cur := f.off(s.Body.Lbrace) + 1
	k := 0
	for i, st := range s.Body.List {
		cc := st.(*ast.CommClause)
		w.orig(cur, f.off(cc.Pos()))
		if cc.Comm == nil {
			w.gen("default:")
		} else {
			w.gen("case " + strconv.Itoa(k) + ":")
			k++
			if a := assigns[i]; a != nil {
				f.writeCaseAssign(w, a, heads[i])
			}
		}
		w.orig(f.off(cc.Colon)+1, f.off(cc.End()))
		cur = f.off(cc.End())
	}
	if !hasDefault {
		// Unreachable, but makes the switch terminating when the select was.
		if len(s.Body.List) > 0 {
			w.gen(";")
		}
		w.gen(" default: panic(\"deadhunt: select returned no case\")")
	}
	w.orig(cur, f.off(s.Body.End()))
	w.gen(" }")
}

// usesTarget reports whether the i-th left-hand side of a receive case
// needs the received value (it exists and is not a blank definition).
func usesTarget(a *ast.AssignStmt, i int) bool {
	if i >= len(a.Lhs) {
		return false
	}
	if id, ok := a.Lhs[i].(*ast.Ident); ok && id.Name == "_" && a.Tok == token.DEFINE {
		return false
	}
	return true
}

// writeCaseAssign writes the definition or assignment of a receive case's
// targets at the start of its body.
func (f *fileRewriter) writeCaseAssign(w *out, a *ast.AssignStmt, n string) {
	var lhs []ast.Expr
	var rhs []string
	for i, l := range a.Lhs {
		if !usesTarget(a, i) {
			continue
		}
		lhs = append(lhs, l)
		rhs = append(rhs, []string{"*" + n + "v", "*" + n + "ok"}[i])
	}
	if len(lhs) == 0 {
		return
	}
	w.gen(" ")
	for i, l := range lhs {
		if i > 0 {
			w.gen(", ")
		}
		f.node(w, l)
	}
	w.genf(" %s %s;", a.Tok, strings.Join(rhs, ", "))
}
