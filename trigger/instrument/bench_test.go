package instrument

import (
	"context"
	"testing"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/trigger"
	"github.com/deadhunt/deadhunt/trigger/instrument/internal/rewrite"
	"golang.org/x/tools/go/packages"
)

// BenchmarkRewriteCorpus measures the rewrite of every corpus package
// (already loaded and type-checked), without writing the overlay.
func BenchmarkRewriteCorpus(b *testing.B) {
	cases, err := corpus.Load()
	if err != nil {
		b.Fatal(err)
	}
	root := corpus.MustRoot()
	var patterns []string
	for _, c := range cases {
		patterns = append(patterns, c.Pkg)
	}
	bl, err := newBuilder(Options{Dir: root, Patterns: patterns, WorkDir: b.TempDir(), CacheDir: b.TempDir()}, passthrough)
	if err != nil {
		b.Fatal(err)
	}
	units, err := bl.load(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		for _, u := range units {
			for _, p := range []*packages.Package{u.internal, u.xtest} {
				if p == nil {
					continue
				}
				if _, err := rewrite.Package(rewrite.Input{Fset: p.Fset, Files: p.Syntax, Info: p.TypesInfo, Pkg: p.Types, SitesFile: sitesFile}); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkBuildOne measures a whole Build of one corpus package with the
// real runtime, caches warm: load, rewrite, overlay, go test -c.
func BenchmarkBuildOne(b *testing.B) {
	root := corpus.MustRoot()
	cache := b.TempDir()
	for range b.N {
		bl, err := newBuilder(Options{Dir: root, Patterns: []string{corpus.ModulePath + "/deadlock/abba"}, WorkDir: b.TempDir(), CacheDir: cache}, trigger.RuntimeFiles)
		if err != nil {
			b.Fatal(err)
		}
		pkgs, err := bl.build(context.Background())
		if err != nil || pkgs[0].Err != nil {
			b.Fatal(err, pkgs[0].Err)
		}
	}
}
