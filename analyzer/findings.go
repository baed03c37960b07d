// Package analyzer runs the lockcycle analyzer from Go and returns its
// reports as a deadhunt report of predicted-static findings, which deadhunt
// predict and confirm join with the predictions from traces (and confirm
// aims the directed strategy at).
package analyzer

import (
	"context"
	"fmt"
	"sort"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/deadhunt/deadhunt/analyzer/lockcycle"
	"github.com/deadhunt/deadhunt/report"
)

// Findings loads the packages matching patterns in dir (with their tests)
// and runs lockcycle over them. Every report becomes a finding with status
// predicted-static. A package that does not compile is listed in the
// report's Errors; the other packages are still analysed. Code for a newer
// Go than this binary's is not analysed: a *ToolchainError says so.
func Findings(ctx context.Context, dir string, patterns ...string) (*report.Report, error) {
	goVersion, err := ToolchainIn(ctx, dir)
	if err != nil {
		return nil, err
	}
	if err := CheckToolchain(goVersion); err != nil {
		return nil, err
	}
	root := gorootIn(ctx, dir)
	cfg := &packages.Config{Context: ctx, Dir: dir, Mode: packages.LoadAllSyntax, Tests: true, ParseFile: parseTrimmed(root)}
	pkgs, err := packages.Load(cfg, patterns...)
	if err == nil && trimmedBroken(root, pkgs) {
		cfg.ParseFile = nil
		pkgs, err = packages.Load(cfg, patterns...)
	}
	if err != nil {
		return nil, fmt.Errorf("lockcycle: %w", err)
	}
	rep := &report.Report{Version: report.Version, Tool: "lockcycle", Created: time.Now().UTC()}
	rep.Errors = loadErrors(pkgs)
	g, err := checker.Analyze([]*analysis.Analyzer{lockcycle.Analyzer}, pkgs, nil)
	if err != nil && g == nil {
		return nil, fmt.Errorf("lockcycle: %w", err)
	}
	seen := make(map[string]bool)
	byID := make(map[string]int)
	for _, act := range g.Roots {
		path := act.Package.PkgPath
		if !seen[path] {
			seen[path] = true
			rep.Packages = append(rep.Packages, path)
		}
		if act.Err != nil {
			rep.Errors = append(rep.Errors, report.PackageError{Package: act.Package.ID, Err: act.Err.Error()})
			continue
		}
		res, ok := act.Result.(*lockcycle.Result)
		if !ok {
			continue
		}
		for _, f := range res.Findings {
			if _, dup := byID[f.ID]; dup { // the same package with and without its tests
				continue
			}
			byID[f.ID] = len(rep.Findings)
			rep.Findings = append(rep.Findings, f)
		}
	}
	sort.Strings(rep.Packages)
	sort.SliceStable(rep.Findings, func(i, j int) bool {
		return rankKind(rep.Findings[i].Kind) < rankKind(rep.Findings[j].Kind)
	})
	return rep, nil
}

// loadErrors lists, once per package, the errors met while loading.
func loadErrors(pkgs []*packages.Package) []report.PackageError {
	var out []report.PackageError
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			out = append(out, report.PackageError{Package: p.ID, Err: e.Error()})
		}
	})
	return out
}

func rankKind(k report.Kind) int {
	for i, x := range report.Kinds {
		if k == x {
			return i
		}
	}
	return len(report.Kinds)
}
