package rt

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestNoSwitchOnOpKind: the op table (op.go) is the only registry of
// primitives; no switch outside it has a case naming an operation kind.
// What the scheduler, the verdict or an observer needs to know of an
// operation is a column or a flag of its row.
func TestNoSwitchOnOpKind(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	kindVars := map[string]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, v := range vs.Values {
				if c, ok := v.(*ast.CallExpr); ok {
					if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "newKind" {
						kindVars[vs.Names[i].Name] = true
					}
				}
			}
			return true
		})
	}
	if len(kindVars) < 10 {
		t.Fatalf("found %d operation kinds registered with newKind; the test no longer sees them", len(kindVars))
	}
	for _, f := range files {
		name := fset.File(f.Pos()).Name()
		if name == "op.go" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			cc, ok := n.(*ast.CaseClause)
			if !ok {
				return true
			}
			for _, e := range cc.List {
				if id, ok := e.(*ast.Ident); ok && kindVars[id.Name] {
					t.Errorf("%s: a switch case names the operation kind %s: make it a column or a flag of the kind's row (op.go)", fset.Position(e.Pos()), id.Name)
				}
			}
			return true
		})
	}
}
