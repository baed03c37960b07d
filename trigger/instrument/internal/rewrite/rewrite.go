// Package rewrite instruments the syntax of one type-checked package: it
// turns synchronisation operations into calls of the deadhunt runtime
// (deadhunt.dev/rt, imported as __dhrt), splicing text at node offsets so
// that the user's lines are kept.
package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"sort"
	"strings"
)

// RuntimePath is the import path of the runtime instrumented code calls.
const RuntimePath = "deadhunt.dev/rt"

// Site is one static site, as in trigger/CONTRACT.md section 2.
type Site struct {
	File      string
	Line, Col int
	Func      string
	Op        string
	Class     string
	Obj       string // a channel's, WaitGroup's or Cond's name (a select: its cases', "|"-separated, receives as "<-ch")
}

// String renders the site as a Go composite literal of __dhrt.Site.
func (s Site) String() string {
	obj := ""
	if s.Obj != "" {
		obj = fmt.Sprintf(", Obj: %q", s.Obj)
	}
	return fmt.Sprintf("{File: %q, Line: %d, Col: %d, Func: %q, Op: %q, Class: %q%s}",
		s.File, s.Line, s.Col, s.Func, s.Op, s.Class, obj)
}

// Warning is something the rewriter could not instrument.
type Warning struct {
	Pos string // file:line:col
	Msg string
}

func (w Warning) String() string { return w.Pos + ": " + w.Msg }

// Input is one type-checked package.
type Input struct {
	Fset  *token.FileSet
	Files []*ast.File
	Src   map[string][]byte // file name → original content; read from disk if absent
	Info  *types.Info
	Pkg   *types.Package
	// SitesFile is the name of the generated file (in the package's
	// directory) that declares __dhSites; it must end in _test.go for an
	// external test package.
	SitesFile string
	// TestSitesFile, if set, is the generated _test.go file that declares
	// the sites of the test files apart: the other files then compile to
	// the same package whether or not its tests are built alongside, so a
	// binary importing it is the same in any build (its fingerprint).
	TestSitesFile string
}

// Result is the instrumented package.
type Result struct {
	Files    map[string][]byte // rewritten files by original name; unchanged files are absent
	Sites    []Site
	SitesSrc []byte // content of the generated sites file (Input.SitesFile)
	// TestSitesSrc is the content of Input.TestSitesFile, nil if no test
	// file changed; with TestSitesFile set, SitesSrc is nil if no other
	// file changed.
	TestSitesSrc []byte
	Warnings     []Warning
}

// Package rewrites every file of in. It never fails on a construct it
// cannot instrument: it leaves it alone and reports a warning.
func Package(in Input) (*Result, error) {
	if in.TestSitesFile == "" {
		res, err := rewriteFiles(in, in.Files, sitesTable)
		if err != nil {
			return nil, err
		}
		res.SitesSrc = sitesSource(in.Pkg.Name(), sitesTable, res.Sites, true)
		return res, nil
	}
	var plain, tests []*ast.File
	for _, f := range in.Files {
		if isTestFile(in.Fset.File(f.Pos()).Name()) {
			tests = append(tests, f)
		} else {
			plain = append(plain, f)
		}
	}
	res, err := rewriteFiles(in, plain, sitesTable)
	if err != nil {
		return nil, err
	}
	tres, err := rewriteFiles(in, tests, testSitesTable)
	if err != nil {
		return nil, err
	}
	if len(res.Files) > 0 {
		res.SitesSrc = sitesSource(in.Pkg.Name(), sitesTable, res.Sites, true)
	}
	if len(tres.Files) > 0 { // the helpers are declared once, here if not in SitesSrc
		res.TestSitesSrc = sitesSource(in.Pkg.Name(), testSitesTable, tres.Sites, res.SitesSrc == nil)
	}
	maps.Copy(res.Files, tres.Files)
	res.Sites = append(res.Sites, tres.Sites...)
	res.Warnings = append(res.Warnings, tres.Warnings...)
	sortWarnings(res.Warnings)
	return res, nil
}

// rewriteFiles rewrites files, whose sites go in the array named table.
func rewriteFiles(in Input, files []*ast.File, table string) (*Result, error) {
	p := &pkgRewriter{in: in, table: table, res: &Result{Files: map[string][]byte{}}}
	for _, f := range files {
		if err := p.file(f); err != nil {
			return nil, err
		}
	}
	sortWarnings(p.res.Warnings)
	return p.res, nil
}

func sortWarnings(ws []Warning) {
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].Pos < ws[j].Pos })
}

type pkgRewriter struct {
	in    Input
	table string // the site array: sitesTable or testSitesTable
	res   *Result
	// lockers are the sync.Locker fields every store of the package
	// fills from one mutex, by that mutex's class (lockerfield.go).
	lockers map[*types.Var]string
	// decls are the package's function declarations, calleeChanges what
	// they were judged to do to maps and judging those being judged
	// (changes.go), made when first needed.
	decls         map[*types.Func]*ast.FuncDecl
	calleeChanges map[calleeKey]int8
	judging       []calleeKey
}

func (p *pkgRewriter) warn(pos token.Pos, format string, args ...any) {
	p.res.Warnings = append(p.res.Warnings, Warning{Pos: posString(p.in.Fset.PositionFor(pos, false)), Msg: fmt.Sprintf(format, args...)})
}

func posString(p token.Position) string {
	return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)
}

func isCgo(f *ast.File) bool {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"C"` {
			return true
		}
	}
	return false
}

func absName(name string) string {
	if a, err := filepath.Abs(name); err == nil {
		return a
	}
	return name
}

func isTestFile(name string) bool { return strings.HasSuffix(name, "_test.go") }
