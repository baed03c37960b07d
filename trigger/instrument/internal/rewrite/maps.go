package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Map order: a range over a map becomes a loop over the runtime's
// iterator, which visits the entries in the order the scheduler draws
// (maps.Keys, maps.Values, maps.All and (*sync.Map).Range are calls in
// ops.go's tables).

// rangeMap rewrites the header of `for k, v := range m {` into
// `for it, k, v, ok := __dhrt.MapRangeRO(m, s); ok; k, v, ok = it.Next() {`;
// the map is evaluated once, and continue runs the post statement. With
// `=`, the loop takes temporaries and assigns them first thing in the
// body. The iterator takes the values with the keys; before each
// statement of the body that may change the map (changeMarks) it is told
// so (it.MayChange()), and from then on looks each value up when it is
// reached. Targets that are elements of a map like m's, and a body whose
// first statement may change it, take MapRange, which always looks the
// values up.
func (f *fileRewriter) rangeMap(r *ast.RangeStmt) {
	if !isMapType(f.typeOf(r.X)) {
		return
	}
	mt := f.typeOf(r.X)
	fn, may := "MapRangeRO", f.mayBeMap(mt)
	var marks []ast.Stmt
	if r.Tok == token.ASSIGN && (f.mapWrite(r.Key, may) || f.mapWrite(r.Value, may)) {
		fn = "MapRange"
	} else if marks = f.changeMarks(r.Body.List, mt); len(marks) > 0 && marks[0] == r.Body.List[0] {
		fn, marks = "MapRange", nil // every iteration may change it: no values to take
	}
	site := f.site(r.For, "MapRange", "")
	it := new(string) // named when the header is written, before the body
	f.edits = append(f.edits, edit{pos: f.off(r.For), end: f.off(r.Body.Lbrace + 1), gen: func(w *out) {
		n := f.newTmp()
		*it = n + "it"
		ok := n + "ok"
		vars := [2]string{"_", "_"}
		var temps []string
		var exprs []ast.Expr
		for i, e := range [2]ast.Expr{r.Key, r.Value} {
			switch {
			case e == nil || isBlank(e):
			case r.Tok == token.DEFINE:
				vars[i] = e.(*ast.Ident).Name
			default:
				vars[i] = n + [2]string{"k", "v"}[i]
				exprs, temps = append(exprs, e), append(temps, vars[i])
			}
		}
		w.genf("for %s, %s, %s, %s := __dhrt.%s(", *it, vars[0], vars[1], ok, fn)
		f.node(w, r.X)
		w.genf(", %s); %s; %s, %s, %s = %s.Next() {", f.siteRef(site), ok, vars[0], vars[1], ok, *it)
		if len(exprs) > 0 {
			w.gen(" ")
			for i, e := range exprs {
				if i > 0 {
					w.gen(", ")
				}
				f.node(w, e)
			}
			w.genf(" = %s;", strings.Join(temps, ", "))
		}
	}})
	for _, s := range marks {
		at := f.off(s.Pos())
		f.edits = append(f.edits, edit{pos: at, end: at, gen: func(w *out) { w.genf("%s.MayChange(); ", *it) }})
	}
}

func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// isMapType reports whether t is a map type, or a type parameter whose
// type set holds map types of one underlying type (which range accepts).
func isMapType(t types.Type) bool {
	if t == nil {
		return false
	}
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		_, ok := t.Underlying().(*types.Map)
		return ok
	}
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok || iface.NumEmbeddeds() == 0 {
		return false
	}
	var core types.Type
	same := func(t types.Type) bool {
		m, ok := t.Underlying().(*types.Map)
		if !ok || core != nil && !types.Identical(core, m) {
			return false
		}
		core = m
		return true
	}
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := 0; j < e.Len(); j++ {
				if !same(e.Term(j).Type()) {
					return false
				}
			}
		default:
			if !same(e) {
				return false
			}
		}
	}
	return core != nil
}

// mayBeMap returns whether a map of a type may be the map of type mt
// ranged over: a map of the same underlying type, or where a type
// parameter hides which (any map when mt is one).
func (f *fileRewriter) mayBeMap(mt types.Type) func(types.Type) bool {
	_, tp := types.Unalias(mt).(*types.TypeParam)
	return func(t types.Type) bool {
		_, isTP := types.Unalias(t).(*types.TypeParam)
		switch {
		case t == nil || isTP:
			return true
		case tp:
			return isMapType(t)
		}
		return types.Identical(t.Underlying(), mt.Underlying())
	}
}

// mapWrite reports whether assigning e writes an element of a map that
// may be the one ranged over (may).
func (f *fileRewriter) mapWrite(e ast.Expr, may func(types.Type) bool) bool {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	return ok && may(f.typeOf(ix.X))
}

// changeMarks returns the statements of a range's body, over a map of
// type mt, before which the iterator must be told that the map may
// change: each statement that may (mayChange), or jump (goto), the first
// such of each statement list (a label is reached only from a goto);
// compound statements by their headers, their blocks searched in turn. A
// loop none of whose statements is marked reads the values taken with
// the keys.
func (f *fileRewriter) changeMarks(list []ast.Stmt, mt types.Type) []ast.Stmt {
	may := f.mayBeMap(mt)
	changes := func(n ast.Node) bool { return f.mayChange(n, mt) }
	// header reports whether s's own parts (all of a simple statement)
	// may change the map, and returns the statement lists within it.
	var header func(s ast.Stmt) (bool, [][]ast.Stmt)
	header = func(s ast.Stmt) (bool, [][]ast.Stmt) {
		switch s := s.(type) {
		case *ast.LabeledStmt:
			return header(s.Stmt)
		case *ast.BlockStmt:
			return false, [][]ast.Stmt{s.List}
		case *ast.IfStmt:
			ch, lists := changes(s.Init) || changes(s.Cond), [][]ast.Stmt{s.Body.List}
			if s.Else != nil {
				c, l := header(s.Else)
				ch, lists = ch || c, append(lists, l...)
			}
			return ch, lists
		case *ast.ForStmt:
			return changes(s.Init) || changes(s.Cond) || changes(s.Post), [][]ast.Stmt{s.Body.List}
		case *ast.RangeStmt:
			return changes(s.X) || f.rangeChanges(s, may), [][]ast.Stmt{s.Body.List}
		case *ast.SwitchStmt:
			ch, lists := changes(s.Init) || changes(s.Tag), [][]ast.Stmt(nil)
			for _, c := range s.Body.List {
				cc := c.(*ast.CaseClause)
				for _, e := range cc.List {
					ch = ch || changes(e)
				}
				lists = append(lists, cc.Body)
			}
			return ch, lists
		case *ast.TypeSwitchStmt:
			ch, lists := changes(s.Init) || changes(s.Assign), [][]ast.Stmt(nil)
			for _, c := range s.Body.List {
				lists = append(lists, c.(*ast.CaseClause).Body)
			}
			return ch, lists
		case *ast.SelectStmt:
			return true, nil
		}
		return changes(s), nil
	}
	var marks []ast.Stmt
	var walk func(list []ast.Stmt)
	walk = func(list []ast.Stmt) {
		marked := false // a statement before ran the marker
		for _, s := range list {
			if marked {
				break
			}
			ch, lists := header(s)
			if ch {
				marks, marked = append(marks, s), true
				continue
			}
			for _, l := range lists {
				walk(l)
			}
		}
	}
	walk(list)
	return marks
}
