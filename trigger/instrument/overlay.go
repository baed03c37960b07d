package instrument

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/deadhunt/deadhunt/trigger"
	"github.com/deadhunt/deadhunt/trigger/instrument/internal/rewrite"
	"golang.org/x/tools/go/packages"
)

// Sites files added to instrumented packages: the package's, its test
// files' (apart, so that the package compiles the same as a dependency)
// and its external test package's.
const (
	sitesFile  = "zz_deadhunt_sites.go"
	tsitesFile = "zz_deadhunt_tsites_test.go"
	xsitesFile = "zz_deadhunt_xsites_test.go"
)

// instrument rewrites a unit's variants into the overlay and lists its
// tests.
func (b *builder) instrument(u *unit) error {
	var run *regexp.Regexp
	if b.opts.Run != "" {
		// As go test does, the part before the first slash selects
		// top-level tests; the rest selects subtests.
		top, _, _ := strings.Cut(b.opts.Run, "/")
		var err error
		if run, err = regexp.Compile(top); err != nil {
			return fmt.Errorf("instrument: -run %q: %w", b.opts.Run, err)
		}
	}
	if isRuntimePackage(u.path) {
		u.pkg.Warnings = append(u.pkg.Warnings, Warning{Msg: "the deadhunt runtime itself is not instrumented"})
		return nil
	}
	for _, v := range []struct {
		p            *packages.Package
		sites, tests string
	}{{u.internal, sitesFile, tsitesFile}, {u.xtest, xsitesFile, ""}} {
		if v.p == nil {
			continue
		}
		if err := b.rewrite(u, v.p, v.sites, v.tests); err != nil {
			return err
		}
		for _, t := range testNames(v.p) {
			if run == nil || run.MatchString(t) {
				u.pkg.Tests = append(u.pkg.Tests, t)
			}
		}
	}
	slices.Sort(u.pkg.Tests)
	return nil
}

// isRuntimePackage reports whether path is deadhunt's own runtime or one
// of its subpackages (trigger/rt/wire), which must not call the runtime.
func isRuntimePackage(path string) bool {
	for _, rt := range []string{trigger.RuntimeImportPath, rewrite.RuntimePath} {
		if path == rt || strings.HasPrefix(path, rt+"/") {
			return true
		}
	}
	return false
}

func (b *builder) rewrite(u *unit, p *packages.Package, sites, tests string) error {
	in := rewrite.Input{Fset: p.Fset, Info: p.TypesInfo, Pkg: p.Types, SitesFile: sites, TestSitesFile: tests}
	own, parsed := map[string]bool{}, map[string]bool{}
	for _, f := range p.GoFiles {
		own[f] = true
	}
	for _, f := range p.Syntax {
		name := p.Fset.File(f.Pos()).Name()
		parsed[name] = true
		if own[name] { // not cgo output or another file the go command generated
			in.Files = append(in.Files, f)
		}
	}
	for _, f := range p.GoFiles {
		if !parsed[f] {
			u.pkg.Warnings = append(u.pkg.Warnings, Warning{Pos: f + ":1:1", Msg: "cgo file not instrumented"})
		}
	}
	res, err := rewrite.Package(in)
	if err != nil {
		return fmt.Errorf("instrument: %s: %w", u.path, err)
	}
	u.sites = append(u.sites, res.Sites...)
	for _, w := range res.Warnings {
		u.pkg.Warnings = append(u.pkg.Warnings, Warning{Pos: w.Pos, Msg: w.Msg})
	}
	if len(res.Files) == 0 {
		return nil
	}
	dir := filepath.Dir(p.GoFiles[0])
	if res.SitesSrc != nil {
		res.Files[filepath.Join(dir, sites)] = res.SitesSrc
	}
	if res.TestSitesSrc != nil {
		res.Files[filepath.Join(dir, tests)] = res.TestSitesSrc
	}
	for name, data := range res.Files {
		if u.ext {
			var err error
			if name, err = b.otherPath(u, name); err != nil {
				return err
			}
			b.others[name] = true
		}
		if err := b.addOverlay(name, fileGo(u, name, data)); err != nil {
			return err
		}
	}
	return nil
}

// addOverlay writes the new content of file name into the work directory.
func (b *builder) addOverlay(name string, data []byte) error {
	b.files++
	dir := filepath.Join(b.opts.WorkDir, "overlay", strconv.Itoa(b.files))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("instrument: %w", err)
	}
	dst := filepath.Join(dir, filepath.Base(name))
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		return fmt.Errorf("instrument: %w", err)
	}
	b.overlay[name] = dst
	return nil
}

// writeOverlay writes the overlay file go build -overlay reads.
func (b *builder) writeOverlay() (string, error) { return b.writeOverlayAs("overlay.json") }

func (b *builder) writeOverlayAs(base string) (string, error) {
	data, err := json.MarshalIndent(struct{ Replace map[string]string }{b.overlay}, "", "\t")
	if err != nil {
		return "", err
	}
	name := filepath.Join(b.opts.WorkDir, base)
	if err := os.WriteFile(name, data, 0o644); err != nil {
		return "", fmt.Errorf("instrument: %w", err)
	}
	return name, nil
}

// testNames lists the top-level TestXxx(*testing.T) functions of a
// package's test files.
func testNames(p *packages.Package) []string {
	var names []string
	for _, f := range p.Syntax {
		if !rewrite.IsTestFile(p.Fset.File(f.Pos()).Name()) {
			continue
		}
		names = append(names, rewrite.TestFuncs(f, p.TypesInfo)...)
	}
	return names
}
