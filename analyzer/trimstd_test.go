package analyzer

import (
	"context"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

const trimSrc = `package p

import (
	"math/rand/v2"
	"sort"
	"strings"
	_ "unsafe"
)

var r = strings.NewReader("")

func init() { sort.Ints(nil) }

func Max[T int | float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func (x X) Pick(n int) *strings.Builder { _ = rand.IntN(n); return nil }

type X struct{}
`

// TestTrimBodies: every declared function keeps a body of one panic,
// the imports only bodies used are blank, and the file still
// type-checks (generic functions and init need their bodies).
func TestTrimBodies(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", trimSrc, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	trimBodies(f)
	names := map[string]string{}
	for _, imp := range f.Imports {
		names[strings.Trim(imp.Path.Value, `"`)] = importName(imp)
	}
	want := map[string]string{"math/rand/v2": "_", "sort": "_", "strings": "strings", "unsafe": "_"}
	for path, name := range want {
		if names[path] != name {
			t.Errorf("import %q named %q, want %q", path, names[path], name)
		}
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			if fd.Body == nil || len(fd.Body.List) != 1 {
				t.Errorf("%s: body %v, want one statement", fd.Name.Name, fd.Body)
			}
		}
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("p", fset, []*ast.File{f}, nil); err != nil {
		t.Errorf("trimmed file does not type-check: %v", err)
	}
}

// TestTrimmedStdlibLoads loads net/http (and what it imports) as the
// analyzer does: trimmed, every package of the standard library still
// type-checks.
func TestTrimmedStdlibLoads(t *testing.T) {
	if testing.Short() {
		t.Skip("loads net/http from source")
	}
	root := gorootIn(context.Background(), ".")
	if root == "" {
		t.Fatal("no GOROOT")
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, ParseFile: parseTrimmed(root)}
	pkgs, err := packages.Load(cfg, "net/http")
	if err != nil {
		t.Fatal(err)
	}
	if trimmedBroken(root, pkgs) {
		packages.PrintErrors(pkgs)
		t.Fatal("a trimmed standard library package has errors")
	}
	if len(pkgs) != 1 || pkgs[0].Types.Scope().Lookup("Client") == nil {
		t.Errorf("net/http loaded without its Client: %v", pkgs)
	}
	var body *ast.BlockStmt
	for _, f := range pkgs[0].Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "Get" && fd.Recv == nil {
				body = fd.Body
			}
		}
	}
	if body == nil || len(body.List) != 1 {
		t.Errorf("http.Get's body was not trimmed: %v", body)
	}
}

// TestUntrimmedOutsideGOROOT: a file outside the GOROOT keeps its
// bodies.
func TestUntrimmedOutsideGOROOT(t *testing.T) {
	parse := parseTrimmed("/nonexistent/goroot")
	f, err := parse(token.NewFileSet(), "/tmp/p.go", []byte(trimSrc))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "Max" && len(fd.Body.List) != 2 {
			t.Errorf("Max's body changed: %d statements", len(fd.Body.List))
		}
	}
}
