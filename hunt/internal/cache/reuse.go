package cache

import (
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/internal/gotest"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// Reuse is what a hunt takes from the cache: the entries of the packages
// whose instrumented test binary, tests and options are unchanged.
type Reuse struct {
	cache   *Cache
	src     *Sources
	entries map[string]*Entry // by import path
	order   []string          // the packages with tests, in build order
}

// Split parts the packages to hunt from those whose entry the cache has;
// fresh hunts them all (the cache is only written).
func (c *Cache) Split(pkgs []driver.Package, src *Sources, fresh bool) (hunt []driver.Package, r *Reuse) {
	r = &Reuse{cache: c, src: src, entries: map[string]*Entry{}}
	for i := range pkgs {
		r.order = append(r.order, pkgs[i].ImportPath)
		if e, ok := c.get(&pkgs[i], code(&pkgs[i], src)); ok && !fresh {
			r.entries[pkgs[i].ImportPath] = e
			continue
		}
		hunt = append(hunt, pkgs[i])
	}
	return hunt, r
}

// Len is the number of packages reused.
func (r *Reuse) Len() int { return len(r.entries) }

// Entries are the entries reused, in build order.
func (r *Reuse) Entries() []*Entry {
	var out []*Entry
	for _, p := range r.order {
		if e := r.entries[p]; e != nil {
			out = append(out, e)
		}
	}
	return out
}

// StaticPatterns are the packages the static analyzer must look at: every
// package examined but those reused; nil when that is all of them (the
// analyzer then runs on the command line's patterns); empty when none.
func (r *Reuse) StaticPatterns(paths []string) []string {
	if len(r.entries) == 0 {
		return nil
	}
	ps := []string{}
	for _, p := range paths {
		if r.entries[p] == nil {
			ps = append(ps, p)
		}
	}
	return ps
}

// Apply adds the reused packages' tests, findings and errors to what the
// hunt found, the tests in build order, and marks them cached.
func (r *Reuse) Apply(rep *report.Report, sum *driver.Summary) (cached []report.TestRef) {
	if len(r.entries) == 0 {
		return nil
	}
	rep.Findings = slices.DeleteFunc(rep.Findings, func(f report.Finding) bool { return r.entries[f.Package] != nil })
	var tests []driver.TestStats
	for _, p := range r.order {
		e := r.entries[p]
		if e == nil {
			for _, st := range sum.Tests {
				if st.Package == p {
					tests = append(tests, st)
				}
			}
			continue
		}
		tests = append(tests, e.Tests...)
		rep.Findings = append(rep.Findings, e.Findings...)
		rep.Errors = append(rep.Errors, e.Errors...)
		for _, st := range e.Tests {
			cached = append(cached, report.TestRef{Package: st.Package, Test: st.Test})
		}
	}
	sum.Tests = tests
	return cached
}

// Store writes an entry for every package hunted whose tests all ran to
// their end without an error of the driver's or the recording's (a test
// failing on its own is a result, and is stored). rep is the report
// before suppressions.
func (r *Reuse) Store(pkgs []driver.Package, rep *report.Report, sum *driver.Summary) error {
	if r.cache == nil {
		return nil
	}
	var first error
	for i := range pkgs {
		p := &pkgs[i]
		e := &Entry{Package: p.ImportPath, Findings: []report.Finding{}}
		ok := true
		for _, st := range sum.Tests {
			if st.Package == p.ImportPath {
				ok = ok && st.Finished()
				e.Tests = append(e.Tests, st)
			}
		}
		for _, err := range rep.Errors {
			if gotest.BasePackage(err.Package) != p.ImportPath {
				continue
			}
			ok = ok && err.Test != "" && strings.HasPrefix(err.Err, "test ends with ")
			e.Errors = append(e.Errors, err)
		}
		for _, f := range rep.Findings {
			if f.Package == p.ImportPath {
				f.Ignored = nil
				e.Findings = append(e.Findings, f)
			}
		}
		if !ok || len(e.Tests) != len(p.Tests) {
			continue
		}
		if err := r.cache.put(p, code(p, r.src), e); err != nil && first == nil {
			first = err
		}
	}
	return first
}
