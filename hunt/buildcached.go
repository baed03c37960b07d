package hunt

import (
	"context"
	"os"
	"slices"

	"github.com/deadhunt/deadhunt/hunt/internal/cache"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// built is what the hunt builds, and what the cache's index says of the
// packages it did not build: those have no binary until want builds them.
type built struct {
	*driver.Built
	src     *cache.Sources
	indexed map[string]bool  // packages taken from the index, not built
	full    []driver.Package // the packages built, with all their tests
	closers []*driver.Built
	wanted  []driver.Package // the packages want built
	placed  string           // where want placed the store's binaries
	// shared is set when the packages are already this shard's share
	// (shareSources): all are every shard's packages with tests,
	// elsewhere counts the other shards' tests.
	shared    bool
	all       []driver.Package
	elsewhere int
}

func (b *built) Close() {
	for _, c := range b.closers {
		c.Close()
	}
	if b.placed != "" {
		os.RemoveAll(b.placed)
	}
}

// buildCached builds the packages' tests, leaving out, when the cache's
// index knows a package's source key (unless Config.Fresh), those
// packages: their tests, blind spots and warnings are the index's, and
// want builds them if their results are not in the cache either. Without
// a cache, or when go list fails, it is p.build.
func (p *pipeline) buildCached(ctx context.Context, ch *cache.Cache) (*built, error) {
	var src *cache.Sources
	var early <-chan builtOrErr
	bctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if ch != nil || !p.cfg.Shard.whole() {
		if p.cfg.Shard.whole() && !ch.LastKnown(p.listed(), p.cfg.Fresh) {
			// A hunt builds everything unless the index knows some
			// package: the build starts while go list computes the
			// source keys, and is cancelled if it was not needed;
			// not when the last hunt of these packages left them all
			// known (a rerun of unchanged code would wait for it).
			early = p.buildAsync(bctx)
		}
		src, _ = cache.List(ctx, p.cfg.Dir, p.patterns, p.run) // an error: build everything
	}
	if ch == nil || p.cfg.Fresh && p.cfg.Shard.whole() {
		p.beginStatic(ctx, ch, src) // nothing will be reused: it needs nothing the build gives
	}
	known := ch.Known(src, p.cfg.Fresh, p.cfg.Run)
	if src != nil && len(src.Paths) > 0 && !p.cfg.Shard.whole() {
		return p.shareSources(ctx, src, known)
	}
	if len(known) == 0 {
		var b *driver.Built
		var err error
		if early != nil {
			r := <-early
			b, err = r.b, r.err
		} else {
			b, err = p.build(ctx)
		}
		if err != nil {
			return nil, err
		}
		return &built{Built: b, src: src, full: b.Packages, closers: []*driver.Built{b}}, nil
	}
	if early != nil { // not needed: stop it, drop what it built
		cancel()
		if r := <-early; r.b != nil {
			r.b.Close()
		}
	}
	var rest []string
	for _, path := range src.Paths {
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
		out.Built, out.full, out.closers = b, b.Packages, []*driver.Built{b}
	}
	for path, e := range known {
		if len(e.Tests) > 0 {
			out.Packages = append(out.Packages, driver.Package{ImportPath: path, Dir: src.Dirs[path], Tests: e.Tests})
		}
		out.BlindSpots = append(out.BlindSpots, e.BlindSpots...)
		out.Warnings = append(out.Warnings, e.Warnings...)
		out.indexed[path] = true
	}
	out.Paths = src.Paths
	order := func(path string) int { return slices.Index(src.Paths, path) }
	slices.SortStableFunc(out.Packages, func(a, b driver.Package) int { return order(a.ImportPath) - order(b.ImportPath) })
	out.BlindSpots = once(out.BlindSpots)
	return out, nil
}

type builtOrErr struct {
	b   *driver.Built
	err error
}

// buildAsync builds in a goroutine; the channel gets the result.
func (p *pipeline) buildAsync(ctx context.Context) <-chan builtOrErr {
	c := make(chan builtOrErr, 1)
	go func() {
		b, err := p.build(ctx)
		c <- builtOrErr{b, err}
	}()
	return c
}

// want gives the packages of pkgs that have no binary (taken from the
// index, their results not cached) their binaries: the store's, else
// built now.
func (b *built) want(ctx context.Context, p *pipeline, ch *cache.Cache, pkgs []driver.Package) error {
	var paths []string
	for i := range pkgs {
		if pkgs[i].Binary != "" {
			continue
		}
		if b.takeStored(ch, &pkgs[i]) {
			continue
		}
		paths = append(paths, pkgs[i].ImportPath)
	}
	if len(paths) == 0 {
		return nil
	}
	nb, err := p.buildPaths(ctx, paths)
	if err != nil {
		return err
	}
	b.closers = append(b.closers, nb)
	b.wanted = append(b.wanted, nb.Packages...)
	for i := range pkgs {
		if j := slices.IndexFunc(nb.Packages, func(q driver.Package) bool { return q.ImportPath == pkgs[i].ImportPath }); j >= 0 {
			pkgs[i].Binary, pkgs[i].Fingerprint = nb.Packages[j].Binary, nb.Packages[j].Fingerprint
		}
	}
	b.Errors = append(b.Errors, nb.Errors...)
	return nil
}

// takeStored gives pkg the store's binary of its source key, placed in a
// directory of this hunt's; false if the store has none.
func (b *built) takeStored(ch *cache.Cache, pkg *driver.Package) bool {
	key := b.src.Key(pkg.ImportPath)
	if ch == nil || key == "" {
		return false
	}
	if b.placed == "" {
		dir, err := ch.TempDir()
		if err != nil {
			return false
		}
		b.placed = dir
	}
	return ch.TakeBinary(pkg, key, b.placed)
}

// buildPaths builds the tests of the packages at paths.
func (p *pipeline) buildPaths(ctx context.Context, paths []string) (*driver.Built, error) {
	return p.cfg.build()(ctx, driver.BuildOptions{Dir: p.cfg.Dir, Patterns: paths, Run: p.cfg.Run})
}

// storeIndex records what building showed of the packages built now, and
// stores the binaries built (cache.StoreBuild).
func (b *built) storeIndex(p *pipeline, ch *cache.Cache) error {
	return ch.StoreBuild(p.listed(), b.src, cache.Build{Full: b.full, Wanted: b.wanted, Indexed: b.indexed,
		BlindSpots: b.BlindSpots, Warnings: b.Warnings})
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

// shareSources builds, for a shard, only what its share needs: the tests
// of every package (the index's, or their syntax's: testNames) are shared
// out as share does, and only the packages with a test in this shard's
// share are built, and, by shard 1, those without tests (examined once
// for their build errors). A test the build finds that the syntax did not
// (testing.T through an alias) goes to the shard of its package's first
// test, or to shard 1 if the syntax found none: that shard built the
// package.
func (p *pipeline) shareSources(ctx context.Context, src *cache.Sources, known map[string]*cache.IndexEntry) (*built, error) {
	out := &built{Built: &driver.Built{}, src: src, indexed: map[string]bool{}, shared: true}
	for _, path := range src.Paths {
		tests := src.Tests[path]
		if e := known[path]; e != nil {
			tests = e.Tests
		}
		if len(tests) > 0 {
			out.all = append(out.all, driver.Package{ImportPath: path, Dir: src.Dirs[path], Tests: tests})
		}
	}
	var mine []driver.Package
	mine, out.elsewhere = share(out.all, p.cfg.Shard, p.cfg.Balance)
	myTests := map[string][]string{}
	for _, pkg := range mine {
		myTests[pkg.ImportPath] = pkg.Tests
	}
	owner := func(path string) bool { // this shard takes the tests the syntax missed
		for _, pkg := range out.all {
			if pkg.ImportPath == path {
				return slices.Contains(myTests[path], pkg.Tests[0])
			}
		}
		return p.cfg.Shard.Index == 1
	}
	var rest []string
	for _, path := range src.Paths {
		if known[path] == nil && (myTests[path] != nil || p.cfg.Shard.Index == 1 && len(src.Tests[path]) == 0) {
			rest = append(rest, path)
		}
	}
	if len(rest) > 0 {
		b, err := p.buildPaths(ctx, rest)
		if err != nil {
			return nil, err
		}
		out.Built, out.full, out.closers = b, b.Packages, []*driver.Built{b}
	}
	var pkgs []driver.Package
	for _, q := range out.Built.Packages {
		syntactic := src.Tests[q.ImportPath]
		q.Tests = slices.DeleteFunc(slices.Clone(q.Tests), func(t string) bool {
			return !slices.Contains(myTests[q.ImportPath], t) && (slices.Contains(syntactic, t) || !owner(q.ImportPath))
		})
		if len(q.Tests) > 0 {
			pkgs = append(pkgs, q)
		}
	}
	for _, pkg := range mine {
		if e := known[pkg.ImportPath]; e != nil {
			pkgs = append(pkgs, pkg)
			out.BlindSpots = append(out.BlindSpots, e.BlindSpots...)
			out.Warnings = append(out.Warnings, e.Warnings...)
			out.indexed[pkg.ImportPath] = true
		}
	}
	order := func(path string) int { return slices.Index(src.Paths, path) }
	slices.SortStableFunc(pkgs, func(a, b driver.Package) int { return order(a.ImportPath) - order(b.ImportPath) })
	out.Packages, out.Paths, out.BlindSpots = pkgs, src.Paths, once(out.BlindSpots)
	return out, nil
}
