package rewrite

import (
	"go/ast"
	"go/types"
	"strings"
)

// lockerField returns the class of the mutex a sync.Locker field always
// holds — every store of the package fills it from one mutex of a named
// struct (`x.read = x.mu.RLocker()`, `x.l = &x.mu`) — so that a Lock
// through the field names that mutex, as lockcycle does; "" otherwise.
func (f *fileRewriter) lockerField(obj types.Object) string {
	v, ok := obj.(*types.Var)
	if !ok || !v.IsField() || !isLocker(v.Type()) {
		return ""
	}
	if f.p.lockers == nil {
		f.p.lockers = map[*types.Var]string{} // none while collecting: a store's class is its mutex's own
		f.p.lockers = f.collectLockers()
	}
	return f.p.lockers[v]
}

// collectLockers scans the package's stores into sync.Locker fields:
// assignments and keyed composite literals, outside its _test.go files
// (a binary built with the tests or without names them alike).
func (f *fileRewriter) collectLockers() map[*types.Var]string {
	info := f.p.in.Info
	classes := map[*types.Var]string{}
	bad := map[*types.Var]bool{}
	store := func(field *types.Var, e ast.Expr) {
		if field == nil || !field.IsField() || !isLocker(field.Type()) || bad[field] {
			return
		}
		if tv, ok := info.Types[e]; ok && tv.IsNil() {
			return // a nil Locker locks nothing
		}
		c := f.exprClass(e)
		if !strings.HasPrefix(c, "(*") || classes[field] != "" && classes[field] != c {
			bad[field] = true // a local's, or two mutexes: the field's own class
			delete(classes, field)
			return
		}
		classes[field] = c
	}
	for _, file := range f.p.in.Files {
		if strings.HasSuffix(f.p.in.Fset.Position(file.Package).Filename, "_test.go") {
			continue // the package's own files name the same way built with its tests or not
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if s, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && len(n.Lhs) == len(n.Rhs) {
						if sel, ok := info.Selections[s]; ok && sel.Kind() == types.FieldVal {
							v, _ := sel.Obj().(*types.Var)
							store(v, n.Rhs[i])
						}
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok {
					v, _ := info.Uses[id].(*types.Var)
					store(v, n.Value)
				}
			}
			return true
		})
	}
	return classes
}

// isLocker reports whether t is sync.Locker.
func isLocker(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Locker"
}
