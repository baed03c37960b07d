package cache

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"

	"github.com/deadhunt/deadhunt/internal/gotest"
)

// testNames lists the top-level TestXxx(t *testing.T) functions of the
// test files in dir, matching run (nil: all), from their syntax alone, as
// the instrumenter finds them after type-checking: a shard learns which
// tests a package has without building it. A test whose parameter names
// testing.T through an alias or a dot import is not seen here: the hunt
// learns of it from the build.
func testNames(dir string, files []string, run *regexp.Regexp) []string {
	var names []string
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			continue // the build will say
		}
		testing := testingName(f)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if ok && testing != "" && isTestDecl(fd, testing) && (run == nil || run.MatchString(fd.Name.Name)) {
				names = append(names, fd.Name.Name)
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// testingName is the name file f imports package testing as; "" if none.
func testingName(f *ast.File) string {
	for _, imp := range f.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); path == "testing" {
			if imp.Name != nil {
				return imp.Name.Name
			}
			return "testing"
		}
	}
	return ""
}

// isTestDecl reports whether d is func TestXxx(t *<testing>.T).
func isTestDecl(d *ast.FuncDecl, testing string) bool {
	if d.Recv != nil || d.Body == nil || d.Type.TypeParams != nil || !gotest.IsTestName(d.Name.Name) {
		return false
	}
	params := d.Type.Params.List
	if len(params) != 1 || len(params[0].Names) > 1 || d.Type.Results != nil {
		return false
	}
	star, ok := params[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == testing && sel.Sel.Name == "T"
}
