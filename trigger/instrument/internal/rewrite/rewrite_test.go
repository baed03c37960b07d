package rewrite

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	pathpkg "path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/deadhunt/deadhunt/internal/golden"
	"github.com/deadhunt/deadhunt/trigger"
)

const srcDir = "/src/p" // directory the golden inputs pretend to live in

// TestGolden rewrites each testdata/golden/*.txtar input and compares the
// rewritten files, sites and warnings with the archive; the output must
// type-check against the contract's runtime API and keep every original
// token on its line.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			checkArchive(t, file)
		})
	}
}

// checkArchive rewrites the input sections of one archive and checks the
// result against its other sections.
func checkArchive(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	inputs := map[string][]byte{}
	var names []string
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "input") {
			inputs[f.Name] = f.Data
			names = append(names, f.Name)
		}
	}
	res, err := rewriteSources(t, inputs)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]byte{}
	for name, data := range inputs {
		out, ok := res.Files[filepath.Join(srcDir, name)]
		if !ok {
			out = data
		}
		got[strings.Replace(name, "input", "output", 1)] = out
	}
	got["sites"] = []byte(lines(res.Sites))
	got["warnings"] = []byte(lines(res.Warnings))
	checkCompiles(t, inputs, res)
	for name, data := range inputs {
		checkLines(t, name, data, got[strings.Replace(name, "input", "output", 1)])
	}
	golden.CheckTxtar(t, file, names, got)
}

func lines[T fmt.Stringer](xs []T) string {
	var b strings.Builder
	for _, x := range xs {
		b.WriteString(strings.ReplaceAll(x.String(), srcDir+"/", "") + "\n")
	}
	return b.String()
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// rewriteSources type-checks the inputs as package p and rewrites them.
func rewriteSources(t *testing.T, inputs map[string][]byte) (*Result, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	src := map[string][]byte{}
	for _, name := range sortedKeys(inputs) {
		path := filepath.Join(srcDir, name)
		f, err := parser.ParseFile(fset, path, inputs[name], parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		src[path] = inputs[name]
	}
	info := newInfo()
	pkg, err := (&types.Config{Importer: importer.Default(), FakeImportC: true}).Check("p", fset, files, info)
	if err != nil {
		t.Fatalf("input does not type-check: %v", err)
	}
	return Package(Input{Fset: fset, Files: files, Src: src, Info: info, Pkg: pkg, SitesFile: "zz_deadhunt_sites.go"})
}

func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
}

// rtImporter resolves deadhunt.dev/rt, and any package under it, to the
// runtime's own source (trigger.RuntimeFiles): the rewritten code must
// compile against the real entry points.
type rtImporter struct {
	fset *token.FileSet
	std  types.Importer
	pkgs map[string]*types.Package
}

func (s *rtImporter) Import(path string) (*types.Package, error) {
	dir, ok := strings.CutPrefix(path, RuntimePath)
	if !ok || dir != "" && !strings.HasPrefix(dir, "/") {
		return s.std.Import(path)
	}
	if p := s.pkgs[path]; p != nil {
		return p, nil
	}
	files, err := runtimeFiles()
	if err != nil {
		return nil, err
	}
	dir = cmp.Or(strings.TrimPrefix(dir, "/"), ".")
	ctx := build.Default
	ctx.JoinPath = pathpkg.Join
	ctx.OpenFile = func(name string) (io.ReadCloser, error) {
		data, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("no runtime file %s", name)
		}
		return io.NopCloser(bytes.NewReader(data)), nil
	}
	var syntax []*ast.File
	for _, name := range sortedKeys(files) {
		if pathpkg.Dir(name) != dir || !strings.HasSuffix(name, ".go") {
			continue
		}
		if match, err := ctx.MatchFile(dir, pathpkg.Base(name)); err != nil || !match {
			continue
		}
		f, err := parser.ParseFile(s.fset, pathpkg.Join("rt", name), files[name], 0)
		if err != nil {
			return nil, err
		}
		syntax = append(syntax, f)
	}
	p, err := (&types.Config{Importer: s}).Check(path, s.fset, syntax, nil)
	if err != nil {
		return nil, err
	}
	if s.pkgs == nil {
		s.pkgs = map[string]*types.Package{}
	}
	s.pkgs[path] = p
	return p, nil
}

// runtimeFiles are the runtime's source files, by their path in its
// directory, their imports of its subpackages named below RuntimePath as
// when the instrumenter extracts them.
var runtimeFiles = sync.OnceValues(func() (map[string][]byte, error) {
	files, err := trigger.RuntimeFiles()
	for name, data := range files {
		files[name] = trigger.Relocate(data, RuntimePath)
	}
	return files, err
})

// checkCompiles type-checks the rewritten package with the sites file.
func checkCompiles(t *testing.T, inputs map[string][]byte, res *Result) {
	t.Helper()
	generated := map[string][]byte{}
	if len(res.Files) > 0 {
		generated["zz_deadhunt_sites.go"] = res.SitesSrc
	}
	checkCompilesWith(t, inputs, res, generated)
}

// checkLines checks that every identifier and literal of the input that
// the output still contains is there on its original line, as the
// compiler sees it (honouring the /*line*/ directives).
func checkLines(t *testing.T, name string, in, out []byte) {
	t.Helper()
	want, got := tokenLines(in), tokenLines(out)
	for tok, lines := range want {
		have, ok := got[tok]
		if !ok {
			continue
		}
		for line, n := range lines {
			if have[line] < n {
				t.Errorf("%s: %q on line %d moved (output has it on lines %v)", name, tok, line, have)
			}
		}
	}
}

// replacedNames are identifiers the rewriter removes or replaces.
var replacedNames = map[string]bool{"_": true, "close": true, "time": true, "runtime": true, "context": true,
	"rand": true, "randv2": true, "New": true, "crand": true, "maphash": true, "maps": true}

func init() {
	for _, ops := range []map[string]string{methodOps, funcOps} {
		for k := range ops {
			replacedNames[k[strings.LastIndex(k, ".")+1:]] = true
		}
	}
}

func tokenLines(src []byte) map[string]map[int]int {
	fset := token.NewFileSet()
	file := fset.AddFile(filepath.Join(srcDir, "x.go"), -1, len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	m := map[string]map[int]int{}
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.IDENT && !tok.IsLiteral() || replacedNames[lit] {
			continue
		}
		if m[lit] == nil {
			m[lit] = map[int]int{}
		}
		m[lit][fset.Position(pos).Line]++
	}
	return m
}
