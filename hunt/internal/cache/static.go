package cache

// The static cache keeps the static analyzer's answer (lockcycle) per
// package, as go vet keeps its results: a hunt asks the analyzer only
// about the packages whose answer the cache does not have, and joins the
// cached findings to its answer. It holds also for fresh hunts (those
// that run every test again, as go test -count=1): that option means
// tests are run again,
// and the static answer, like a compile result, has nothing to do with
// running them.
//
// Why reusing an answer is sound: the analyzer's answer for a package p
// is a function of what it reads, and p's static key (staticKey) hashes
// all of that which can change between hunts:
//
//   - the files it parses and type-checks: with packages.Load(Tests:
//     true) it loads p, p with its test files, its external test package
//     and every package they import; the key hashes the name and contents
//     of every file of each of those packages not in the standard library
//     (or, for one of a module the go command downloaded, the module's
//     version, whose contents the checksum database fixes), with the go
//     line of its module's go.mod (the language version it is
//     type-checked at). A package with test files is keyed by what its
//     test main links, which holds p with its test files and the
//     external test package; one without by p and its dependencies.
//     go list computes both lists with the same GOFLAGS, GOOS, GOARCH and
//     build tags the analyzer loads with;
//   - the standard library and the type checker: the toolchain's version
//     (GOVERSION) and the build's environment (GOOS, GOARCH, GOFLAGS,
//     CGO_ENABLED, GOEXPERIMENT, GOAMD64, GOARM64);
//   - the analyzer itself: deadhunt's own executable (selfVersion), which
//     holds it;
//   - where p is: its directory, since the findings name files by path.
//
// A package any of them has an error for (go list's) has no key, and is
// analyzed every time. Only clean answers are kept: an entry holds the
// findings of one package (those whose Package is p, or p_test for its
// external tests) and is written only when the analyzer's answer had no
// error at all for it and every finding and every error of the answer
// could be told to be one analyzed package's (an error of a dependency
// would otherwise vanish from later reports); a skipped or failed answer
// is never kept. The tests' -run pattern, which is in the hunt cache's
// source key, is not in this one: the analyzer does not depend on it.
//
// What the key does not cover: a standard library edited in place
// without a new GOVERSION (a development toolchain); C headers and flags
// outside the package's directory read by cgo's preprocessing
// (CGO_CFLAGS and the system's headers); a GOPACKAGESDRIVER, which would
// load packages some other way; and the choice of analyzer function: it
// is taken to be the one compiled into deadhunt's executable, as it is
// for the command (tests with another use a cache of their own).

import (
	"github.com/deadhunt/deadhunt/internal/gotest"
	"github.com/deadhunt/deadhunt/report"
)

// staticEntry is the static analyzer's answer for one package: its
// findings (none is an empty list); it had no error.
type staticEntry struct {
	Package  string           `json:"package"`
	Findings []report.Finding `json:"findings"`
}

// staticEntryKey is the name of the static entry of a static key.
func staticEntryKey(key string) string { return "static-" + key }

// staticKey is the static key of p (see the file's comment): its
// directory, tool (deadhunt's version and the go command's environment)
// and what its test main links if it has test files, else p and its
// dependencies; ok is false when one of them has an error.
func staticKey(byPath map[string]*listed, p *listed, tool string) (string, bool) {
	if p.Error != nil {
		return "", false
	}
	deps := append([]string{p.ImportPath}, p.Deps...)
	if len(p.TestGoFiles)+len(p.XTestGoFiles) > 0 {
		m := byPath[p.ImportPath+".test"]
		if m == nil || m.Error != nil {
			return "", false
		}
		deps = m.Deps
	}
	return depsKey(byPath, deps, tool+"\x00static\x00"+p.Dir)
}

// Static is what a hunt took from the static cache, and what it is to
// store there.
type Static struct {
	cache    *Cache
	src      *Sources
	Analyzed []string         // the packages the analyzer is asked about
	Reused   int              // the packages whose answer is the cache's
	Findings []report.Finding // their findings
	err      error            // the first entry that could not be written
}

// ReuseStatic takes from the cache the static answer of every package of
// paths that it has, and leaves the others to the analyzer (Analyzed).
func (c *Cache) ReuseStatic(src *Sources, paths []string) *Static {
	r := &Static{cache: c, src: src, Analyzed: []string{}}
	for _, path := range paths {
		if e, ok := r.get(path); ok {
			r.Findings = append(r.Findings, e.Findings...)
			r.Reused++
			continue
		}
		r.Analyzed = append(r.Analyzed, path)
	}
	return r
}

// get reads the entry of path; false if there is none or it is corrupt or
// foreign.
func (r *Static) get(path string) (*staticEntry, bool) {
	key := r.src.Static[path]
	var e staticEntry
	if key == "" || r.cache == nil || !r.cache.read(staticEntryKey(key), &e) || e.Package != path || e.Findings == nil {
		return nil, false
	}
	for _, f := range e.Findings {
		if f.Package != path && f.Package != path+"_test" {
			return nil, false
		}
	}
	return &e, true
}

// owner is the package analyzed that a finding's or an error's package
// pkg is of: pkg itself, or the package whose external tests pkg is; ""
// if none.
func (r *Static) owner(pkg string) string {
	for _, path := range r.Analyzed {
		if pkg == path {
			return path
		}
	}
	for _, path := range r.Analyzed {
		if pkg == path+"_test" {
			return path
		}
	}
	return ""
}

// Store keeps the analyzer's answer rep, which it gave without an error,
// for every package it analyzed that has a key and no error in rep;
// nothing if some finding or error of rep is of no package analyzed.
func (r *Static) Store(rep *report.Report) {
	if r == nil || r.cache == nil || len(r.Analyzed) == 0 {
		return
	}
	failed := map[string]bool{}
	for _, e := range rep.Errors {
		path := r.owner(gotest.BasePackage(e.Package))
		if path == "" {
			return
		}
		failed[path] = true
	}
	found := map[string][]report.Finding{}
	for _, f := range rep.Findings {
		path := r.owner(f.Package)
		if path == "" {
			return
		}
		found[path] = append(found[path], f)
	}
	for _, path := range r.Analyzed {
		key := r.src.Static[path]
		if key == "" || failed[path] {
			continue
		}
		e := &staticEntry{Package: path, Findings: append([]report.Finding{}, found[path]...)}
		if err := r.cache.write(staticEntryKey(key), e); err != nil && r.err == nil {
			r.err = err
		}
	}
}

// Err is the first error storing the static answer met; nil if none (or
// no static cache).
func (r *Static) Err() error {
	if r == nil {
		return nil
	}
	return r.err
}
