package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
)

// classOf names the lock class of an operation's mutex as lockcycle does
// (see trigger/CONTRACT.md section 2).
func (f *fileRewriter) classOf(o *op) string {
	if o.path != "" {
		idx := o.sel.Index()
		return fieldPath(f.baseClass(o.recv), o.sel.Recv(), idx[:len(idx)-1])
	}
	return f.exprClass(o.recv)
}

// objOf names the channel, WaitGroup or Cond a non-lock operation works
// on, as classOf names a lock; "" when only its position would name it.
// Leak findings match a wait with what would release it by this name.
func (f *fileRewriter) objOf(o *op) string {
	switch {
	case o.recv != nil:
		return f.named(f.classOf(o))
	case o.fn == "Close" && len(o.args) == 1:
		return f.chanObj(o.args[0])
	}
	return ""
}

// chanObj names the channel ch denotes, or "". A channel a call returns
// is named by the call: "time.After()", "(*pkg.T).ctx.Done()".
func (f *fileRewriter) chanObj(ch ast.Expr) string {
	call, ok := ast.Unparen(ch).(*ast.CallExpr)
	if !ok {
		return f.named(f.exprClass(ch))
	}
	var id *ast.Ident
	var recv ast.Expr
	switch fn := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		id, recv = fn.Sel, fn.X
	case *ast.Ident:
		id = fn
	default:
		return ""
	}
	fn, ok := f.p.in.Info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil {
		return ""
	}
	if fn.Signature().Recv() == nil { // a function: time.After(d)
		return fn.Pkg().Name() + "." + fn.Name() + "()"
	}
	if c := f.named(f.exprClass(recv)); c != "" { // a method: x.Done()
		return c + "." + fn.Name() + "()"
	}
	return ""
}

// named drops an opaque class (a position, see opaqueClass).
func (f *fileRewriter) named(class string) string {
	if strings.Contains(class, ".expr@") {
		return ""
	}
	return class
}

// exprClass names the object an expression denotes.
func (f *fileRewriter) exprClass(e ast.Expr) string {
	info := f.p.in.Info
	switch x := ast.Unparen(e).(type) {
	case *ast.StarExpr:
		return f.exprClass(x.X)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return f.exprClass(x.X)
		}
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				return v.Pkg().Name() + "." + v.Name()
			}
			if def := f.aliasOf(v); def != nil {
				return f.exprClass(def)
			}
			return f.pkgName() + "." + f.curFunc().top + "." + v.Name()
		}
	case *ast.SelectorExpr:
		sel, ok := info.Selections[x]
		if !ok {
			if v, ok := info.Uses[x.Sel].(*types.Var); ok && v.Pkg() != nil {
				return v.Pkg().Name() + "." + v.Name() // qualified package variable
			}
			break
		}
		if sel.Kind() == types.FieldVal {
			if c := f.lockerField(sel.Obj()); c != "" {
				return c // x.read, filled with x.mu.RLocker(): x.mu's class
			}
			return fieldPath(f.baseClass(x.X), sel.Recv(), sel.Index())
		}
	case *ast.IndexExpr:
		return f.exprClass(x.X) + "[*]"
	case *ast.CallExpr:
		if o := f.opOf(x); o != nil && o.fn == "RLocker" {
			return f.classOf(o) // the read side of the RWMutex
		}
	}
	return f.opaqueClass(e)
}

// baseClass names the struct whose field is selected: a path continues
// through fields and elements, a named struct starts a class (*pkg.T).
func (f *fileRewriter) baseClass(x ast.Expr) string {
	switch y := ast.Unparen(x).(type) {
	case *ast.SelectorExpr:
		if sel, ok := f.p.in.Info.Selections[y]; ok && sel.Kind() == types.FieldVal {
			if fld, _ := sel.Obj().(*types.Var); fld != nil && startsClass(fld) {
				return namedStruct(fld.Type())
			}
			return f.exprClass(y)
		}
	case *ast.IndexExpr:
		if _, isMap := f.typeOf(y.X).Underlying().(*types.Map); !isMap && isPointer(f.typeOf(y)) {
			if n := namedStruct(f.typeOf(y)); n != "" {
				return n // an element loaded as a pointer starts a class, as in lockcycle
			}
		}
		return f.exprClass(y)
	case *ast.StarExpr:
		if isPathExpr(f.p.in.Info, y.X) {
			return f.baseClass(y.X)
		}
	}
	if n := namedStruct(f.typeOf(x)); n != "" {
		return n
	}
	return f.exprClass(x)
}

func isPathExpr(info *types.Info, e ast.Expr) bool {
	switch y := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		sel, ok := info.Selections[y]
		return ok && sel.Kind() == types.FieldVal
	case *ast.IndexExpr:
		return true
	}
	return false
}

func (f *fileRewriter) opaqueClass(e ast.Expr) string {
	p := f.p.in.Fset.PositionFor(e.Pos(), false)
	return fmt.Sprintf("%s.expr@%s:%d", f.pkgName(), filepath.Base(p.Filename), p.Line)
}

// namedStruct returns "(*pkg.T)" when t is, or points to, a named type.
func namedStruct(t types.Type) string {
	if t == nil {
		return ""
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		obj := n.Origin().Obj()
		if obj.Pkg() != nil {
			return "(*" + obj.Pkg().Name() + "." + obj.Name() + ")"
		}
	}
	return ""
}

// aliasOf returns the expression a local pointer (or Locker) variable is
// initialised with, if it is never assigned again nor has its address
// taken: mu := &t.mu makes mu name (*pkg.T).mu, as lockcycle's SSA sees.
func (f *fileRewriter) aliasOf(v *types.Var) ast.Expr {
	if f.aliases == nil {
		f.aliases = collectAliases(f.file, f.p.in.Info)
	}
	switch v.Type().Underlying().(type) {
	case *types.Pointer, *types.Interface:
	default:
		return nil
	}
	switch def := ast.Unparen(f.aliases[v]).(type) {
	case *ast.UnaryExpr, *ast.SelectorExpr, *ast.IndexExpr, *ast.Ident:
		return def
	case *ast.CallExpr:
		if o := f.opOf(def); o != nil && o.fn == "RLocker" {
			return def
		}
	}
	return nil // another call's result is named by the variable
}

// collectAliases maps each local variable defined once from a single
// expression, and never assigned again or addressed, to that expression.
func collectAliases(file *ast.File, info *types.Info) map[*types.Var]ast.Expr {
	defs := map[*types.Var]ast.Expr{}
	dirty := map[*types.Var]bool{}
	mark := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				dirty[v] = true
			}
		}
	}
	define := func(id *ast.Ident, e ast.Expr) {
		if v, ok := info.Defs[id].(*types.Var); ok && e != nil {
			defs[v] = e
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, isID := l.(*ast.Ident)
				if n.Tok == token.DEFINE && isID && info.Defs[id] != nil && len(n.Lhs) == len(n.Rhs) {
					define(id, n.Rhs[i])
				} else {
					mark(l)
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					define(id, n.Values[i])
				}
			}
		case *ast.IncDecStmt:
			mark(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(n.X)
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				mark(n.Key)
				if n.Value != nil {
					mark(n.Value)
				}
			}
		}
		return true
	})
	for v := range dirty {
		delete(defs, v)
	}
	return defs
}

// fieldPath extends prefix, the class of a struct of type t, through the
// fields idx; the last field is the lock itself. As in lockcycle, an earlier
// field that is a pointer, or an embedded named struct, starts a new class
// named by its type: the object it denotes is named for itself, not for
// whatever holds it, so (*p.Conn).pool.mu with pool *Pool is (*p.Pool).mu.
func fieldPath(prefix string, t types.Type, idx []int) string {
	for k, i := range idx {
		st, ok := deref(t).Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			break
		}
		fld := st.Field(i)
		t = fld.Type()
		if k < len(idx)-1 && startsClass(fld) {
			prefix = namedStruct(t)
			continue
		}
		prefix += "." + fld.Name()
	}
	return prefix
}

// startsClass reports whether a field, passed through on the way to a lock,
// starts a new lock class: a pointer to, or an embedded, named struct.
func startsClass(fld *types.Var) bool {
	if n := namedStruct(fld.Type()); n == "" || strings.HasPrefix(n, "(*sync.") {
		return false // a sync.Cond's L names no class of its own
	}
	return isPointer(fld.Type()) || fld.Embedded()
}

func isPointer(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
