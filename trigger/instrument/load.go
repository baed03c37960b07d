package instrument

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"

	"github.com/deadhunt/deadhunt/trigger/instrument/internal/rewrite"
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
	dep      bool // instrumented only as a dependency of the packages under test
	ext      bool // a dependency in another module (extdeps.go)
	sites    []rewrite.Site
}

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedModule | packages.NeedForTest

// loadConfig is how the builder loads the patterns, with their tests: in
// the workspace if there is one, as go test would.
func (b *builder) loadConfig(ctx context.Context, mode packages.LoadMode) *packages.Config {
	return &packages.Config{Context: ctx, Mode: mode, Dir: b.opts.Dir, BuildFlags: b.opts.GoFlags, Tests: true}
}

// load loads the packages with their tests and groups the variants.
func (b *builder) load(ctx context.Context) ([]*unit, error) {
	// The import graph loads (without types) while the patterns are
	// type-checked: two go list commands at once instead of one after the
	// other.
	graph := make(chan loaded, 1)
	go func() {
		pkgs, err := packages.Load(b.loadConfig(ctx, graphMode), b.opts.Patterns...)
		graph <- loaded{pkgs, err}
	}()
	pkgs, err := packages.Load(b.loadConfig(ctx, loadMode), b.opts.Patterns...)
	if err != nil {
		<-graph
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
		<-graph
		return nil, fmt.Errorf("instrument: no packages match %s%s", strings.Join(b.opts.Patterns, " "), b.listError(ctx))
	}
	g := <-graph
	if g.err != nil {
		return nil, fmt.Errorf("instrument: loading dependencies: %w", g.err)
	}
	deps, err := b.loadDeps(ctx, out, g.pkgs)
	if err != nil {
		return nil, err
	}
	return append(out, deps...), nil
}

// graphMode loads the patterns' import graph, without types.
const graphMode = packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps | packages.NeedModule

type loaded struct {
	pkgs []*packages.Package
	err  error
}

// loadDeps loads the packages of the tested packages' modules, and of
// modules replaced by a local directory, that they import, directly or
// not, without being tested themselves: their locks and goroutines must be
// instrumented too. pkgs is the patterns' import graph (graphMode).
func (b *builder) loadDeps(ctx context.Context, roots []*unit, pkgs []*packages.Package) ([]*unit, error) {
	isRoot, modules := map[string]bool{}, map[string]bool{}
	for _, u := range roots {
		isRoot[u.path] = true
		if u.internal != nil && u.internal.Module != nil {
			modules[u.internal.Module.Path] = true
		}
	}
	want, ext := map[string]bool{}, map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if localModule(p.Module, modules) && !isRoot[p.PkgPath] && !strings.HasSuffix(p.PkgPath, ".test") && !strings.HasSuffix(p.PkgPath, "_test") {
			want[p.PkgPath] = true
		}
		if otherModule(p, modules) && !isRoot[p.PkgPath] && syncs(p) {
			want[p.PkgPath], ext[p.PkgPath] = true, true
		}
	})
	if len(want) == 0 {
		return nil, nil
	}
	var paths []string
	for p := range want {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	cfg := b.loadConfig(ctx, loadMode)
	cfg.Tests = false
	deps, err := packages.Load(cfg, paths...)
	if err != nil {
		return nil, fmt.Errorf("instrument: loading dependencies: %w", err)
	}
	var out []*unit
	for _, p := range deps {
		out = append(out, &unit{path: p.PkgPath, internal: p, dep: true, ext: ext[p.PkgPath], pkg: &Package{ImportPath: p.PkgPath, Dependency: true}})
	}
	return out, nil
}

// env is the environment of the go commands that build: workspaces are
// off, since -modfile cannot be used with one.
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
			e := p.Errors[0]
			msg := e.Msg
			if e.Pos != "" && e.Pos != "-" {
				msg = e.Pos + ": " + msg
			}
			return fmt.Errorf("instrument: %s: %s", u.path, msg)
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

// listError returns what go list says about the patterns, to explain why
// nothing was loaded.
func (b *builder) listError(ctx context.Context) string {
	args := append(append([]string{"list"}, b.opts.GoFlags...), b.opts.Patterns...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = b.opts.Dir // in the workspace, as the packages loaded
	out, err := cmd.CombinedOutput()
	if err == nil {
		return ""
	}
	return ": " + strings.TrimSpace(string(out))
}

// localModule reports whether m is one of the tested modules, of the
// workspace, or a module replaced by a directory: the user's own code,
// not the module cache.
func localModule(m *packages.Module, tested map[string]bool) bool {
	switch {
	case m == nil:
		return false
	case tested[m.Path], m.Main: // Main: a module of the workspace
		return true
	}
	return m.Replace != nil && m.Replace.Version == "" && m.Replace.Dir != ""
}
