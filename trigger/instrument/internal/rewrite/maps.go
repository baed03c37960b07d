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
// `for it, k, v, ok := __dhrt.MapRange(m, s); ok; k, v, ok = it.Next() {`;
// the map is evaluated once, and continue runs the post statement. With
// `=`, the loop takes temporaries and assigns them first thing in the
// body. A loop whose body cannot change a map calls MapRangeRO, which
// takes the values with the keys.
func (f *fileRewriter) rangeMap(r *ast.RangeStmt) {
	if !isMapType(f.typeOf(r.X)) {
		return
	}
	fn := "MapRange"
	if f.changesNoMap(r) {
		fn = "MapRangeRO"
	}
	site := f.site(r.For, "MapRange", "")
	f.edits = append(f.edits, edit{pos: f.off(r.For), end: f.off(r.Body.Lbrace + 1), gen: func(w *out) {
		n := f.newTmp()
		it, ok := n+"it", n+"ok"
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
		w.genf("for %s, %s, %s, %s := __dhrt.%s(", it, vars[0], vars[1], ok, fn)
		f.node(w, r.X)
		w.genf(", %s); %s; %s, %s, %s = %s.Next() {", f.siteRef(site), ok, vars[0], vars[1], ok, it)
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

// changesNoMap reports whether a map could not change while r runs: its
// body (and its `=` targets) call nothing but builtins other than delete
// and clear, assign no map element, and neither send nor receive (where
// another goroutine may change one). The runtime then takes the values
// with the keys instead of looking each up when it is reached.
func (f *fileRewriter) changesNoMap(r *ast.RangeStmt) bool {
	info := f.p.in.Info
	mapElem := func(e ast.Expr) bool {
		ix, ok := ast.Unparen(e).(*ast.IndexExpr)
		if !ok {
			return false
		}
		t := f.typeOf(ix.X)
		_, tp := types.Unalias(t).(*types.TypeParam)
		return tp || t == nil || isMapType(t)
	}
	ok := !(r.Tok == token.ASSIGN && (r.Key != nil && mapElem(r.Key) || r.Value != nil && mapElem(r.Value)))
	ast.Inspect(r.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, found := info.Types[n.Fun]; found && tv.IsType() {
				break // a conversion
			}
			if id, isID := ast.Unparen(n.Fun).(*ast.Ident); isID {
				if b, isB := info.Uses[id].(*types.Builtin); isB && b.Name() != "delete" && b.Name() != "clear" {
					break
				}
			}
			ok = false
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				ok = ok && !mapElem(l)
			}
		case *ast.IncDecStmt:
			ok = !mapElem(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				ok = !(n.Key != nil && mapElem(n.Key) || n.Value != nil && mapElem(n.Value))
			}
			switch t := f.typeOf(n.X); {
			case t == nil:
				ok = false
			default:
				switch t.Underlying().(type) {
				case *types.Chan, *types.Signature, *types.Interface: // receives, calls
					ok = false
				}
			}
		case *ast.SendStmt, *ast.SelectStmt, *ast.GoStmt:
			ok = false
		case *ast.UnaryExpr:
			ok = n.Op != token.ARROW
		}
		return ok
	})
	return ok
}
