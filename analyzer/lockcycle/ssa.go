package lockcycle

import (
	"go/ast"
	"go/build"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// buildSSA builds the package's SSA form, as buildssa does but without its
// ctrlflow prerequisite (lockcycle knows the calls that do not return),
// and lists its source functions, closures included, in source order,
// then the package initializer.
func buildSSA(pass *analysis.Pass) (*ssa.Program, []*ssa.Function) {
	prog := ssa.NewProgram(pass.Fset, 0)
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	var funcs []*ssa.Function
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if d, ok := decl.(*ast.FuncDecl); ok {
				if obj, ok := pass.TypesInfo.Defs[d.Name].(*types.Func); ok {
					if f := prog.FuncValue(obj); f != nil {
						add(f)
					}
				}
			}
		}
	}
	// The package initializer: package variables initialised with
	// functions (handler tables) make those functions values.
	if init := pkg.Func("init"); init != nil && init.Synthetic != "" {
		add(init)
	}
	return prog, funcs
}

// inGOROOT reports whether the package is part of the standard library:
// lockcycle does not analyse it (its locks are internal and its callbacks
// into user code are few), which keeps go vet fast.
func inGOROOT(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 || build.Default.GOROOT == "" {
		return false
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	root := filepath.Clean(build.Default.GOROOT) + string(filepath.Separator)
	return strings.HasPrefix(filepath.Clean(name), root)
}
