package rewrite

import (
	"go/ast"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"
)

// testFunc makes the first statement of a top-level TestXxx(t *testing.T)
// defer __dhrt.TestStart(t)(), naming the parameter if it has no name.
func (f *fileRewriter) testFunc(d *ast.FuncDecl) {
	if !isTestFile(f.tf.Name()) || d.Recv != nil || d.Body == nil || d.Type.TypeParams != nil || !isTestName(d.Name.Name) {
		return
	}
	params := d.Type.Params.List
	if len(params) != 1 || len(params[0].Names) > 1 || !isTestingT(f.typeOf(params[0].Type)) {
		return
	}
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

// isTestName follows go test: Test, then nothing or a non-lowercase rune.
func isTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	if !ok {
		return false
	}
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return !unicode.IsLower(r)
}

func isTestingT(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" && n.Obj().Name() == "T"
}
