package lockcycle

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// funcName names a function for call chains: pkg.F, (*pkg.T).M, pkg.F$1.
func funcName(fn *ssa.Function) string {
	if par := fn.Parent(); par != nil && strings.HasPrefix(fn.Name(), par.Name()) {
		return funcName(par) + fn.Name()[len(par.Name()):]
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return objName(obj)
	}
	return fn.Name()
}

func objName(obj *types.Func) string {
	pkg := ""
	if obj.Pkg() != nil {
		pkg = obj.Pkg().Name() + "."
	}
	recv := obj.Signature().Recv()
	if recv == nil {
		return pkg + obj.Name()
	}
	t := recv.Type()
	star := ""
	if p, ok := t.(*types.Pointer); ok {
		t, star = p.Elem(), "*"
	}
	name := types.TypeString(t, func(*types.Package) string { return "" })
	if n, ok := types.Unalias(t).(*types.Named); ok {
		name = n.Origin().Obj().Name()
	}
	return "(" + star + pkg + name + ")." + obj.Name()
}
