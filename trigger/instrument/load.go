package instrument

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// unit is one package under test with its variants: the package compiled
// with its internal tests (or alone, if it has none) and its external
// test package.
type unit struct {
	path     string
	internal *packages.Package
	xtest    *packages.Package
	pkg      *Package
}

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedModule | packages.NeedForTest

// load loads the packages with their tests and groups the variants.
func (b *builder) load(ctx context.Context) ([]*unit, error) {
	cfg := &packages.Config{
		Context:    ctx,
		Mode:       loadMode,
		Dir:        b.opts.Dir,
		Env:        b.env(),
		BuildFlags: b.opts.GoFlags,
		Tests:      true,
	}
	pkgs, err := packages.Load(cfg, b.opts.Patterns...)
	if err != nil {
		return nil, fmt.Errorf("instrument: loading %s: %w", strings.Join(b.opts.Patterns, " "), err)
	}
	units := map[string]*unit{}
	get := func(path string) *unit {
		if units[path] == nil {
			units[path] = &unit{path: path, pkg: &Package{ImportPath: path}}
		}
		return units[path]
	}
	for _, p := range pkgs {
		switch {
		case strings.HasSuffix(p.ID, ".test"): // the generated test main
		case p.ForTest != "" && p.PkgPath == p.ForTest:
			get(p.ForTest).internal = p
		case p.ForTest != "":
			get(p.ForTest).xtest = p
		default:
			u := get(p.PkgPath)
			if u.internal == nil {
				u.internal = p
			}
		}
	}
	var out []*unit
	for _, u := range units {
		out = append(out, u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	if len(out) == 0 {
		return nil, fmt.Errorf("instrument: no packages match %s", strings.Join(b.opts.Patterns, " "))
	}
	return out, nil
}

// env is the environment of every go command: workspaces are off, since
// -modfile cannot be used with one.
func (b *builder) env() []string {
	return append(os.Environ(), "GOWORK=off")
}

// loadErr returns the first error of the unit's variants.
func (u *unit) loadErr() error {
	for _, p := range []*packages.Package{u.internal, u.xtest} {
		if p == nil {
			continue
		}
		if len(p.Errors) > 0 {
			return fmt.Errorf("instrument: %s: %s", u.path, p.Errors[0])
		}
		if p.Types == nil || p.TypesInfo == nil {
			return fmt.Errorf("instrument: %s: not type-checked", u.path)
		}
	}
	if u.internal == nil {
		return fmt.Errorf("instrument: %s: package not found", u.path)
	}
	return nil
}
