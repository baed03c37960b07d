package main

import (
	"context"
	"time"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// built is the corpus's instrumented test binaries by import path.
type built struct {
	pkgs    map[string]driver.Package
	errs    []report.PackageError
	elapsed time.Duration
	close   func() error
}

// buildCases builds the cases of the corpus at root (corpus.Root).
func buildCases(ctx context.Context, root string, cs []corpus.Case) (*built, error) {
	patterns := make([]string, len(cs))
	for i, c := range cs {
		patterns[i] = "./" + c.Dir
	}
	start := time.Now()
	res, err := driver.Build(ctx, driver.BuildOptions{Dir: root, Patterns: patterns})
	if err != nil {
		return nil, err
	}
	b := &built{pkgs: map[string]driver.Package{}, errs: res.Errors, elapsed: time.Since(start), close: res.Close}
	for _, p := range res.Packages {
		b.pkgs[p.ImportPath] = p
	}
	return b, nil
}
