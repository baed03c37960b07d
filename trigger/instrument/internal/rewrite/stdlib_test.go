package rewrite

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestStdlib rewrites standard library packages heavy in locks, channels
// and selects, and type-checks the result against the runtime API: the
// rewriter must not crash and must produce code that compiles.
func TestStdlib(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks large packages")
	}
	// Packages whose dependencies go test ./... builds anyway: net/rpc
	// and expvar would compile net/http and crypto/tls on a cold cache
	// for this test alone (half a minute on 2 cores).
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, "runtime/pprof", "database/sql", "context", "os/exec", "os/signal", "io", "log/slog", "runtime/trace")
	if err != nil {
		t.Fatal(err)
	}
	std := importer.Default()
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
		res, err := Package(Input{Fset: p.Fset, Files: p.Syntax, Info: p.TypesInfo, Pkg: p.Types, SitesFile: "zz_deadhunt_sites.go"})
		if err != nil {
			t.Fatalf("%s: %v", p.PkgPath, err)
		}
		if len(res.Files) == 0 || len(res.Sites) == 0 {
			t.Errorf("%s: nothing rewritten", p.PkgPath)
		}
		fset := token.NewFileSet()
		var files []*ast.File
		for _, f := range p.Syntax {
			name := p.Fset.File(f.Pos()).Name()
			data, ok := res.Files[name]
			var nf *ast.File
			if ok {
				nf, err = parser.ParseFile(fset, name, data, parser.ParseComments)
			} else {
				nf, err = parser.ParseFile(fset, name, nil, parser.ParseComments)
			}
			if err != nil {
				t.Fatalf("%s: %v", p.PkgPath, err)
			}
			files = append(files, nf)
		}
		sites, err := parser.ParseFile(fset, "zz_deadhunt_sites.go", res.SitesSrc, 0)
		if err != nil {
			t.Fatalf("%s: sites: %v", p.PkgPath, err)
		}
		files = append(files, sites)
		conf := types.Config{Importer: &rtImporter{fset: fset, std: std}, FakeImportC: true}
		if _, err := conf.Check(p.PkgPath, fset, files, nil); err != nil {
			t.Errorf("%s: rewritten package does not type-check: %v", p.PkgPath, err)
		}
		t.Logf("%s: %d files, %d sites, %d warnings", p.PkgPath, len(res.Files), len(res.Sites), len(res.Warnings))
		for _, w := range res.Warnings {
			t.Logf("  %s", w)
		}
	}
}
