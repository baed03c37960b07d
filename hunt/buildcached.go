package hunt

import (
	"context"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// built is what the hunt builds, and what the cache's index says of the
// packages it did not build: those have no binary until want builds them.
type built struct {
	*driver.Built
	src     *sources
	indexed map[string]bool // packages taken from the index, not built
	closers []*driver.Built
}

func (b *built) Close() {
	for _, c := range b.closers {
		c.Close()
	}
}

// indexEntry is what building a package's tests showed: the tests (those
// matching -run), and the blind spots and warnings of its test binary.
type indexEntry struct {
	Package    string             `json:"package"`
	Tests      []string           `json:"tests"`
	BlindSpots []report.BlindSpot `json:"blind_spots,omitempty"`
	Warnings   []string           `json:"warnings,omitempty"`
}

// indexKey is the name of the index entry of a source key.
func indexKey(src string) string { return "index-" + src }

// buildCached builds the packages' tests, leaving out, when the cache's
// index knows a package's source key (unless Config.Fresh), those
// packages: their tests, blind spots and warnings are the index's, and
// want builds them if their results are not in the cache either. Without
// a cache, or when go list fails, it is p.build.
func (p *pipeline) buildCached(ctx context.Context, ch *cache) (*built, error) {
	var src *sources
	if ch != nil {
		src, _ = listSources(ctx, p.cfg.Dir, p.patterns, p.cfg.Run) // an error: build everything
	}
	known := map[string]*indexEntry{}
	if src != nil && !p.cfg.Fresh {
		for path, key := range src.keys {
			var e indexEntry
			if ch.read(indexKey(key), &e) && e.Package == path {
				known[path] = &e
			}
		}
	}
	if len(known) == 0 {
		b, err := p.build(ctx)
		if err != nil {
			return nil, err
		}
		return &built{Built: b, src: src, closers: []*driver.Built{b}}, nil
	}
	var rest []string
	for _, path := range src.paths {
		if known[path] == nil {
			rest = append(rest, path)
		}
	}
	p.stage("%d package(s) unchanged since an earlier build: not built (their tests are known)", len(known))
	out := &built{Built: &driver.Built{}, src: src, indexed: map[string]bool{}}
	if len(rest) > 0 {
		b, err := p.buildPaths(ctx, rest)
		if err != nil {
			return nil, err
		}
		out.Built, out.closers = b, []*driver.Built{b}
	}
	for path, e := range known {
		if len(e.Tests) > 0 {
			out.Packages = append(out.Packages, driver.Package{ImportPath: path, Dir: src.dirs[path], Tests: e.Tests})
		}
		out.BlindSpots = append(out.BlindSpots, e.BlindSpots...)
		out.Warnings = append(out.Warnings, e.Warnings...)
		out.indexed[path] = true
	}
	out.Paths = src.paths
	order := func(path string) int { return slices.Index(src.paths, path) }
	slices.SortStableFunc(out.Packages, func(a, b driver.Package) int { return order(a.ImportPath) - order(b.ImportPath) })
	out.BlindSpots = once(out.BlindSpots)
	return out, nil
}

// want builds the packages of pkgs that have no binary (taken from the
// index, their results not cached) and gives them their binaries.
func (b *built) want(ctx context.Context, p *pipeline, pkgs []driver.Package) error {
	var paths []string
	for _, pkg := range pkgs {
		if pkg.Binary == "" {
			paths = append(paths, pkg.ImportPath)
		}
	}
	if len(paths) == 0 {
		return nil
	}
	nb, err := p.buildPaths(ctx, paths)
	if err != nil {
		return err
	}
	b.closers = append(b.closers, nb)
	for i := range pkgs {
		if j := slices.IndexFunc(nb.Packages, func(q driver.Package) bool { return q.ImportPath == pkgs[i].ImportPath }); j >= 0 {
			pkgs[i].Binary, pkgs[i].Fingerprint = nb.Packages[j].Binary, nb.Packages[j].Fingerprint
		}
	}
	b.Errors = append(b.Errors, nb.Errors...)
	return nil
}

// buildPaths builds the tests of the packages at paths.
func (p *pipeline) buildPaths(ctx context.Context, paths []string) (*driver.Built, error) {
	return p.cfg.build()(ctx, driver.BuildOptions{Dir: p.cfg.Dir, Patterns: paths, Run: p.cfg.Run})
}

// storeIndex records what building showed of every package built now that
// has a source key: its tests (all shards'), and the blind spots and
// warnings of its test binary.
func (b *built) storeIndex(ch *cache, withTests []driver.Package) error {
	if ch == nil || b.src == nil {
		return nil
	}
	var first error
	for _, pkg := range withTests {
		key := b.src.key(pkg.ImportPath)
		if key == "" || b.indexed[pkg.ImportPath] {
			continue
		}
		deps := b.src.deps[pkg.ImportPath]
		e := &indexEntry{Package: pkg.ImportPath, Tests: pkg.Tests}
		for _, s := range b.BlindSpots {
			if s.Package == pkg.ImportPath || slices.Contains(deps, s.Package) {
				e.BlindSpots = append(e.BlindSpots, s)
			}
		}
		for _, w := range b.Warnings {
			if strings.HasPrefix(w, pkg.ImportPath+": ") {
				e.Warnings = append(e.Warnings, w)
			}
		}
		if err := ch.write(indexKey(key), e); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// once drops the repetitions of a blind spot (several packages' tests link
// the same dependency).
func once(spots []report.BlindSpot) []report.BlindSpot {
	var out []report.BlindSpot
	for _, s := range spots {
		if !slices.ContainsFunc(out, func(o report.BlindSpot) bool { return o.Package == s.Package && o.Pos == s.Pos && o.What == s.What }) {
			out = append(out, s)
		}
	}
	return out
}
