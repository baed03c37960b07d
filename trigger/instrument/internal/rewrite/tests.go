package rewrite

import (
	"go/ast"
	"go/types"

	"github.com/deadhunt/deadhunt/internal/gotest"
)

// testFunc makes the first statement of a top-level TestXxx(t *testing.T)
// defer __dhrt.TestStart(t)(), naming the parameter if it has no name.
func (f *fileRewriter) testFunc(d *ast.FuncDecl) {
	if !isTestFile(f.tf.Name()) || !isTestFunc(d, f.p.in.Info) {
		return
	}
	params := d.Type.Params.List
	name := "__dht"
	switch p := params[0]; {
	case len(p.Names) == 0:
		f.insert(p.Type.Pos(), name+" ")
	case p.Names[0].Name == "_":
		f.replace(p.Names[0], func(w *out) { w.gen(name) })
	default:
		name = p.Names[0].Name
	}
	f.insert(d.Body.Lbrace+1, " defer __dhrt.TestStart("+name+")();")
}

// TestFuncs lists the names of the top-level TestXxx(*testing.T)
// functions of a test file.
func TestFuncs(f *ast.File, info *types.Info) []string {
	var names []string
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && isTestFunc(fd, info) {
			names = append(names, fd.Name.Name)
		}
	}
	return names
}

// IsTestFile reports whether a file name is a test file's.
func IsTestFile(name string) bool { return isTestFile(name) }

func isTestFunc(d *ast.FuncDecl, info *types.Info) bool {
	if d.Recv != nil || d.Body == nil || d.Type.TypeParams != nil || !gotest.IsTestName(d.Name.Name) {
		return false
	}
	params := d.Type.Params.List
	return len(params) == 1 && len(params[0].Names) <= 1 && isTestingT(info.TypeOf(params[0].Type))
}

func isTestingT(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" && n.Obj().Name() == "T"
}
