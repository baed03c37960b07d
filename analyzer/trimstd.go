package analyzer

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// The standard library is loaded from source with the packages under
// analysis (lockcycle's facts need every dependency's syntax), but
// lockcycle does not analyse it: its function bodies are dropped as they
// are parsed, so that only its declarations are type-checked: on a small
// module, type-checking the standard library's bodies would be most of a
// hunt's analyzer time.

// gorootIn is the GOROOT of the toolchain the go command uses in dir.
func gorootIn(ctx context.Context, dir string) string {
	cmd := exec.CommandContext(ctx, "go", "env", "GOROOT")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// parseTrimmed returns the loader's parser: files beneath root (a
// GOROOT; "" trims nothing) lose their functions' bodies, and imports that
// only those bodies used are kept as blank imports, so the declarations
// still type-check; every other file is parsed as go/packages does.
func parseTrimmed(root string) func(*token.FileSet, string, []byte) (*ast.File, error) {
	prefix := ""
	if root != "" {
		prefix = filepath.Clean(root) + string(filepath.Separator)
	}
	return func(fset *token.FileSet, name string, src []byte) (*ast.File, error) {
		if prefix == "" || !strings.HasPrefix(filepath.Clean(name), prefix) {
			return parser.ParseFile(fset, name, src, parser.AllErrors|parser.ParseComments)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return f, err
		}
		trimBodies(f)
		return f, nil
	}
}

// trimBodies replaces the bodies of f's function declarations by
// `panic("")` (a body each must keep: init functions, generic ones; and a
// terminating one, for results), leaves function literals at package
// level alone, and blanks the imports nothing else refers to.
func trimBodies(f *ast.File) {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			pos := fd.Body.Lbrace
			call := &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "panic"}, Lparen: pos, Rparen: pos,
				Args: []ast.Expr{&ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: `""`}}}
			fd.Body = &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.ExprStmt{X: call}}, Rbrace: fd.Body.Rbrace}
		}
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, imp := range f.Imports {
		name := importName(imp)
		if name == "_" || name == "." || used[name] {
			continue
		}
		imp.Name = &ast.Ident{NamePos: imp.Pos(), Name: "_"}
	}
}

// importName is the name an import declares: its own, or the last
// element of its path (the standard library's package names match it).
func importName(imp *ast.ImportSpec) string {
	if imp.Name != nil {
		return imp.Name.Name
	}
	elems := strings.Split(strings.Trim(imp.Path.Value, `"`), "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		return elems[len(elems)-2] // math/rand/v2
	}
	return last
}

// trimmedBroken reports whether a package beneath root (trimmed) failed
// to load or type-check: trimming went wrong, and the load is done again
// without it.
func trimmedBroken(root string, pkgs []*packages.Package) bool {
	if root == "" {
		return false
	}
	prefix := filepath.Clean(root) + string(filepath.Separator)
	broken := false
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 && len(p.CompiledGoFiles) > 0 && strings.HasPrefix(filepath.Clean(p.CompiledGoFiles[0]), prefix) {
			broken = true
		}
	})
	return broken
}
