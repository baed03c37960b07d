package instrument

import (
	"context"
	"fmt"
	"io"

	"github.com/deadhunt/deadhunt/trigger"
)

// Options says what to build and where.
type Options struct {
	Dir      string   // directory patterns are resolved in; "" is the current one
	Patterns []string // package patterns, e.g. ./...
	Run      string   // if set, only tests matching this -run regexp are listed
	// CacheDir holds the extracted runtime, module copies and linked
	// binaries, shared between builds; "" is deadhunt's cache directory
	// (internal/cachedir: $DEADHUNT_CACHE, else deadhunt under
	// os.UserCacheDir; when off, a temporary one of the process's).
	CacheDir string
	// WorkDir receives the overlay, temporary go.mod files and the test
	// binaries; "" makes a new temporary directory (the caller removes it).
	WorkDir string
	GoFlags []string  // extra build flags, e.g. -race, -tags=x
	Stderr  io.Writer // progress of builds; nil discards
}

// Package is one package's instrumented test binary, or why there is none.
type Package struct {
	ImportPath string
	Dir        string
	Binary     string   // absolute path; "" when Err is set or there are no tests
	Tests      []string // top-level TestXxx functions (matching Options.Run)
	Warnings   []Warning
	Err        error // load, instrumentation or build failure of this package
	// Dependency marks a package of the same module that the tested
	// packages import: it is instrumented, but its tests are not built.
	Dependency bool
}

// Warning is a construct that was left uninstrumented, or a caveat of the
// build.
type Warning struct {
	Pos string // file:line:col, or "" for a package-wide warning
	Msg string
}

func (w Warning) String() string {
	if w.Pos == "" {
		return w.Msg
	}
	return w.Pos + ": " + w.Msg
}

// CheckValid reports the first inconsistency of a built package.
func (p *Package) CheckValid() error {
	switch {
	case p.ImportPath == "":
		return fmt.Errorf("instrument: package without import path")
	case p.Err != nil && p.Binary != "":
		return fmt.Errorf("instrument: %s: binary despite error", p.ImportPath)
	case p.Err == nil && len(p.Tests) > 0 && p.Binary == "":
		return fmt.Errorf("instrument: %s: tests but no binary", p.ImportPath)
	}
	return nil
}

func (p *Package) String() string {
	switch {
	case p.Err != nil:
		return fmt.Sprintf("%s: %v", p.ImportPath, p.Err)
	case p.Dependency:
		return fmt.Sprintf("%s: instrumented dependency, %d warnings", p.ImportPath, len(p.Warnings))
	case len(p.Tests) == 0:
		return p.ImportPath + ": no tests"
	}
	return fmt.Sprintf("%s: %d tests, %d warnings, %s", p.ImportPath, len(p.Tests), len(p.Warnings), p.Binary)
}

// Build loads, instruments and compiles the packages matching
// opts.Patterns. A package that fails gets its Err set while the others
// are still built; the error result is for failures of the whole build
// (no go command, unwritable directories, no package matched).
func Build(ctx context.Context, opts Options) ([]Package, error) {
	b, err := newBuilder(opts, trigger.RuntimeFiles)
	if err != nil {
		return nil, err
	}
	return b.build(ctx)
}
