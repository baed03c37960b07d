package driver

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/instrument"
)

// BuildOptions say which packages to build with trigger/instrument.
type BuildOptions struct {
	Dir      string   // directory patterns are resolved in
	Patterns []string // package patterns, e.g. ./...
	Run      string   // list only tests matching this -run regexp
	CacheDir string   // "" is instrument's default
	GoFlags  []string
	Stderr   io.Writer // build progress; nil discards
}

// Built is the outcome of a build: the binaries to hunt in, and what
// could not be built. Close removes the binaries.
type Built struct {
	Packages []Package
	Paths    []string              // every package examined, dependencies excluded
	Errors   []report.PackageError // packages that did not build
	Warnings []string              // constructs left uninstrumented, "pkg: file:line:col: msg"
	workDir  string
}

// Close removes the build's work directory.
func (b *Built) Close() error { return os.RemoveAll(b.workDir) }

// Build instruments and compiles the test binaries of the packages matching
// opts.Patterns. Packages without tests are examined but not returned.
func Build(ctx context.Context, opts BuildOptions) (*Built, error) {
	work, err := os.MkdirTemp("", "deadhunt-build-")
	if err != nil {
		return nil, fmt.Errorf("driver: %w", err)
	}
	pkgs, err := instrument.Build(ctx, instrument.Options{Dir: opts.Dir, Patterns: opts.Patterns, Run: opts.Run,
		CacheDir: opts.CacheDir, WorkDir: work, GoFlags: opts.GoFlags, Stderr: opts.Stderr})
	if err != nil {
		os.RemoveAll(work)
		return nil, err
	}
	b := &Built{workDir: work}
	for i := range pkgs {
		b.add(&pkgs[i])
	}
	return b, nil
}

func (b *Built) add(p *instrument.Package) {
	if p.Dependency {
		return
	}
	b.Paths = append(b.Paths, p.ImportPath)
	for _, w := range p.Warnings {
		b.Warnings = append(b.Warnings, p.ImportPath+": "+w.String())
	}
	switch {
	case p.Err != nil:
		b.Errors = append(b.Errors, report.PackageError{Package: p.ImportPath, Err: p.Err.Error()})
	case p.Binary != "" && len(p.Tests) > 0:
		b.Packages = append(b.Packages, Package{ImportPath: p.ImportPath, Dir: p.Dir, Binary: p.Binary, Tests: p.Tests})
	}
}
