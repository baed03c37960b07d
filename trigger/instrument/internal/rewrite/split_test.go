package rewrite

import (
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"testing"
)

const splitLib = `package p

import "sync"

var mu sync.Mutex

func Locked(f func()) { mu.Lock(); defer mu.Unlock(); f() }
`

const splitTest = `package p

import "sync"

func helper(ch chan int) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); Locked(func() {}) }()
	wg.Wait()
	for range ch {
	}
}
`

// TestSplitTestSites checks that with TestSitesFile set the package's
// other files are rewritten, and their sites numbered, as when it is
// rewritten without its test files, that the test files' sites are in
// their own table, and that the whole compiles.
func TestSplitTestSites(t *testing.T) {
	in := map[string][]byte{"lib.go": []byte(splitLib), "lib_test.go": []byte(splitTest)}
	split := rewriteWith(t, in, "zz_tsites_test.go")
	alone := rewriteWith(t, map[string][]byte{"lib.go": in["lib.go"]}, "zz_tsites_test.go")
	lib := filepath.Join(srcDir, "lib.go")
	if !bytes.Equal(split.Files[lib], alone.Files[lib]) {
		t.Errorf("lib.go rewritten with its tests:\n%s\nwithout:\n%s", split.Files[lib], alone.Files[lib])
	}
	if !bytes.Equal(split.SitesSrc, alone.SitesSrc) {
		t.Errorf("sites file with the tests:\n%s\nwithout:\n%s", split.SitesSrc, alone.SitesSrc)
	}
	if alone.TestSitesSrc != nil {
		t.Errorf("a test sites file without test files:\n%s", alone.TestSitesSrc)
	}
	test := string(split.Files[filepath.Join(srcDir, "lib_test.go")])
	if !bytes.Contains([]byte(test), []byte("&__dhTestSites[0]")) || bytes.Contains([]byte(test), []byte("__dhSites")) {
		t.Errorf("lib_test.go does not use its own table:\n%s", test)
	}
	if bytes.Contains(split.TestSitesSrc, []byte("func __dhRange")) {
		t.Errorf("helpers declared twice: in the test sites file too:\n%s", split.TestSitesSrc)
	}
	checkCompilesWith(t, in, split, map[string][]byte{"zz_deadhunt_sites.go": split.SitesSrc, "zz_tsites_test.go": split.TestSitesSrc})
	// Only the test file changes: its table carries the helpers.
	quiet := map[string][]byte{"lib.go": []byte("package p\n\nfunc Locked(f func()) { f() }\n"), "lib_test.go": in["lib_test.go"]}
	q := rewriteWith(t, quiet, "zz_tsites_test.go")
	if q.SitesSrc != nil || !bytes.Contains(q.TestSitesSrc, []byte("func __dhRange")) {
		t.Errorf("no sites file expected and the helpers in the test's; sites:\n%s\ntest sites:\n%s", q.SitesSrc, q.TestSitesSrc)
	}
	checkCompilesWith(t, quiet, q, map[string][]byte{"zz_tsites_test.go": q.TestSitesSrc})
}

// rewriteWith type-checks the inputs as package p and rewrites them with
// the test files' sites in testSites.
func rewriteWith(t *testing.T, inputs map[string][]byte, testSites string) *Result {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	src := map[string][]byte{}
	for _, name := range sortedKeys(inputs) {
		path := filepath.Join(srcDir, name)
		f, err := parser.ParseFile(fset, path, inputs[name], parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		src[path] = inputs[name]
	}
	info := newInfo()
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Package(Input{Fset: fset, Files: files, Src: src, Info: info, Pkg: pkg, SitesFile: "zz_deadhunt_sites.go", TestSitesFile: testSites})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// checkCompilesWith type-checks the rewritten package with the generated
// files given (checkCompiles: the sites file).
func checkCompilesWith(t *testing.T, inputs map[string][]byte, res *Result, generated map[string][]byte) {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	add := func(name string, data []byte) {
		f, err := parser.ParseFile(fset, name, data, parser.ParseComments)
		if err != nil {
			t.Fatalf("rewritten %s does not parse: %v\n%s", name, err, data)
		}
		files = append(files, f)
	}
	for _, name := range sortedKeys(inputs) {
		path := filepath.Join(srcDir, name)
		data, ok := res.Files[path]
		if !ok {
			data = inputs[name]
		}
		add(path, data)
	}
	for name, data := range generated {
		add(filepath.Join(srcDir, name), data)
	}
	conf := types.Config{Importer: &rtImporter{fset: fset, std: importer.Default()}, FakeImportC: true}
	if _, err := conf.Check("p", fset, files, nil); err != nil {
		t.Errorf("rewritten package does not type-check: %v", err)
	}
}
