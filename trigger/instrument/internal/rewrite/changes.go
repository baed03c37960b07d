package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"
)

// What may change a map while a range over it runs (maps.go): a write
// to a map like it, or another goroutine running. A call may do either,
// unless the callee is known not to: a function of this package whose
// body does neither (and calls only such functions), or a function of a
// standard package that runs no code of the caller's and never blocks,
// given arguments through which it cannot call any (inert).

// mayChange reports whether n may change a map of type mt: write an
// element of a map that may be it, delete or clear one, call a function
// that may, communicate (where another goroutine may change it) or jump
// (goto). A function literal's body runs only when called, and a call of
// one is counted.
func (f *fileRewriter) mayChange(n ast.Node, mt types.Type) bool {
	if n == nil { // an absent Init, Cond, Tag or Post
		return false
	}
	info, may := f.p.in.Info, f.mayBeMap(mt)
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found { // the nodes after it (siblings, operands) must not undo it
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				break // a conversion
			}
			id, _ := ast.Unparen(n.Fun).(*ast.Ident)
			b, builtin := info.Uses[id].(*types.Builtin)
			switch {
			case !builtin:
				found = f.callMayChange(n, mt)
			case b.Name() == "delete" || b.Name() == "clear":
				found = may(f.typeOf(n.Args[0]))
			}
		case *ast.AssignStmt:
			found = slices.ContainsFunc(n.Lhs, func(l ast.Expr) bool { return f.mapWrite(l, may) })
		case *ast.IncDecStmt:
			found = f.mapWrite(n.X, may)
		case *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt, *ast.SelectStmt:
			found = true
		case *ast.UnaryExpr:
			found = n.Op == token.ARROW
		case *ast.BranchStmt:
			found = n.Tok == token.GOTO
		case *ast.RangeStmt: // its X is inspected next
			found = f.rangeChanges(n, may)
		}
		return !found
	})
	return found
}

// rangeChanges reports whether a range statement's clause, but its X,
// may change a map like the ranged one (may): it receives (over a
// channel), calls (over a function, or an interface whose type set may
// hold one), or assigns an element of such a map (`for k, m[k] = range`).
func (f *fileRewriter) rangeChanges(r *ast.RangeStmt, may func(types.Type) bool) bool {
	if r.Tok == token.ASSIGN && (f.mapWrite(r.Key, may) || f.mapWrite(r.Value, may)) {
		return true
	}
	t := f.typeOf(r.X)
	if t == nil {
		return true
	}
	switch t.Underlying().(type) {
	case *types.Chan, *types.Signature, *types.Interface:
		return true
	}
	return false
}

// callMayChange reports whether call may change a map of type mt (see
// above): true unless its callee is known not to.
func (f *fileRewriter) callMayChange(call *ast.CallExpr, mt types.Type) bool {
	fn := typeutil.StaticCallee(f.p.in.Info, call)
	if fn == nil || fn.Pkg() == nil { // a function value, an interface's method
		return true
	}
	fn = fn.Origin()
	if fn.Pkg() == f.p.in.Pkg {
		return f.funcMayChange(fn, mt)
	}
	if !inertPkgs[fn.Pkg().Path()] && !inertFuncs[fn.FullName()] && !inertRecv(fn) {
		return true
	}
	for _, a := range call.Args {
		if !inert(f.typeOf(a), nil) {
			return true
		}
	}
	return false
}

// funcMayChange reports whether calling fn, declared in this package,
// may change a map of type mt. Functions that call each other are judged
// together: a call of one being judged is taken not to (what else they do
// decides), and what was judged under that assumption is kept only once
// the first of them is judged not to change it either.
func (f *fileRewriter) funcMayChange(fn *types.Func, mt types.Type) bool {
	p := f.p
	if p.decls == nil {
		p.decls, p.calleeChanges = map[*types.Func]*ast.FuncDecl{}, map[calleeKey]int8{}
		for _, file := range p.in.Files {
			for _, d := range file.Decls {
				if d, ok := d.(*ast.FuncDecl); ok && d.Body != nil {
					if fn, ok := p.in.Info.Defs[d.Name].(*types.Func); ok {
						p.decls[fn] = d
					}
				}
			}
		}
	}
	key := calleeKey{fn, types.TypeString(mt, nil)}
	switch p.calleeChanges[key] {
	case calleeSafe, calleeJudging:
		return false
	case calleeChanges:
		return true
	}
	d := p.decls[fn]
	if d == nil { // declared in assembly
		p.calleeChanges[key] = calleeChanges
		return true
	}
	p.calleeChanges[key] = calleeJudging
	p.judging = append(p.judging, key)
	first := len(p.judging) == 1
	changes := f.mayChange(d.Body, mt)
	if changes {
		p.calleeChanges[key] = calleeChanges
	}
	if first {
		for _, k := range p.judging {
			switch {
			case p.calleeChanges[k] == calleeChanges:
			case changes: // judged on an assumption now false: again when met
				delete(p.calleeChanges, k)
			default:
				p.calleeChanges[k] = calleeSafe
			}
		}
		p.judging = p.judging[:0]
	}
	return changes
}

// calleeKey is a function of the package judged for ranges over maps of
// one type (its string).
type calleeKey struct {
	fn *types.Func
	mt string
}

const (
	calleeUnknown int8 = iota
	calleeJudging      // being judged, or judged with one that is
	calleeSafe
	calleeChanges
)

// inertPkgs are the standard packages whose functions and methods call
// no code of their caller but through arguments of function or interface
// type, and never block (sync/atomic's are no scheduling points).
var inertPkgs = map[string]bool{
	"bytes": true, "cmp": true, "encoding/base64": true, "encoding/binary": true,
	"encoding/hex": true, "errors": true, "hash/crc32": true, "math": true,
	"math/bits": true, "net/netip": true, "path": true, "slices": true, "sort": true,
	"strconv": true, "strings": true, "sync/atomic": true, "unicode": true,
	"unicode/utf16": true, "unicode/utf8": true,
}

// inertFuncs are functions of other standard packages that do the same;
// fmt's, and testing's that format, call a value's methods (String,
// Error, Format), which inert arguments have none of.
var inertFuncs = map[string]bool{
	"fmt.Sprint": true, "fmt.Sprintf": true, "fmt.Sprintln": true, "fmt.Errorf": true,
	"(*testing.common).Helper": true, "(*testing.common).Name": true,
	"(*testing.common).Failed": true, "(*testing.common).Log": true,
	"(*testing.common).Logf": true, "(*testing.common).Error": true,
	"(*testing.common).Errorf": true, "(*testing.common).Fatal": true,
	"(*testing.common).Fatalf": true,
}

// inertRecv reports whether fn is a method of a time.Time or a
// time.Duration: arithmetic on values (a Timer's are the scheduler's).
func inertRecv(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil || fn.Pkg().Path() != "time" {
		return false
	}
	n, ok := types.Unalias(recv.Type()).(*types.Named)
	return ok && (n.Obj().Name() == "Time" || n.Obj().Name() == "Duration")
}

// inert reports whether a value of type t, given to a function of the
// standard library, lets it call no code of the caller's: no function,
// no interface, no method (fmt would call String or Error), in none of
// its parts. seen holds the named types being judged (a recursive type).
func inert(t types.Type, seen map[*types.Named]bool) bool {
	if t == nil {
		return false
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if seen[n] {
			return true
		}
		if types.NewMethodSet(n).Len() > 0 || types.NewMethodSet(types.NewPointer(n)).Len() > 0 {
			return false
		}
		if seen == nil {
			seen = map[*types.Named]bool{}
		}
		seen[n] = true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer
	case *types.Pointer:
		return inert(u.Elem(), seen)
	case *types.Slice:
		return inert(u.Elem(), seen)
	case *types.Array:
		return inert(u.Elem(), seen)
	case *types.Map:
		return inert(u.Key(), seen) && inert(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if !inert(u.Field(i).Type(), seen) {
				return false
			}
		}
		return true
	case *types.Tuple: // a call's results passed on: f(g())
		for i := range u.Len() {
			if !inert(u.At(i).Type(), seen) {
				return false
			}
		}
		return true
	}
	return false // a function, an interface, a channel, a type parameter
}
