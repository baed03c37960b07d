package cache

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// The index keeps, by source key, what building a package's tests
// showed, so that a hunt of an unchanged package need not build it to
// know its tests.

// IndexEntry is what building a package's tests showed: the tests (those
// matching -run), and the blind spots and warnings of its test binary.
type IndexEntry struct {
	Package string   `json:"package"`
	Tests   []string `json:"tests"`
	// Run is the -run its tests were listed under ("": all of them). The
	// source key does not hold it: the binary is the same whatever -run.
	Run        string             `json:"run,omitempty"`
	BlindSpots []report.BlindSpot `json:"blind_spots,omitempty"`
	Warnings   []string           `json:"warnings,omitempty"`
}

// indexKey is the name of the index entry of a source key.
func indexKey(src string) string { return "index-" + src }

// Known are the index's entries of src's packages with a source key, by
// import path, with the tests that run (-run) selects: an entry listed
// under that -run, or under none, filtered as go test selects top-level
// tests; for a fresh hunt, which hunts every package, only those whose
// binary is stored too (binstore.go).
func (c *Cache) Known(src *Sources, fresh bool, run string) map[string]*IndexEntry {
	known := map[string]*IndexEntry{}
	if c == nil || src == nil {
		return known
	}
	topRun, _, _ := strings.Cut(run, "/")
	top, err := regexp.Compile(topRun)
	if err != nil {
		return known
	}
	for path, key := range src.Keys {
		var e IndexEntry
		if !c.read(indexKey(key), &e) || e.Package != path || fresh && !c.Has(src.Dirs[path], path, key) {
			continue
		}
		switch {
		case e.Run == run:
		case e.Run == "":
			e.Tests = slices.DeleteFunc(e.Tests, func(t string) bool { return !top.MatchString(t) })
		default: // listed under another -run: which tests this one selects is unknown
			continue
		}
		known[path] = &e
	}
	return known
}

// Build is what a hunt built: its packages built with all their tests
// (Full) and those built later for their binaries (Wanted); the packages
// whose tests the index gave (Indexed); the blind spots and warnings of
// the build.
type Build struct {
	Full, Wanted []driver.Package
	Indexed      map[string]bool
	BlindSpots   []report.BlindSpot
	Warnings     []string
}

// StoreBuild notes what go list showed of the packages of pats (LastKnown),
// records what building showed of every package built with a source key
// and not indexed already (its tests, all shards', and the blind spots
// and warnings of its test binary), and stores the binaries built.
func (c *Cache) StoreBuild(pats Patterns, src *Sources, b Build) error {
	if c == nil || src == nil {
		return nil
	}
	first := c.noteListing(pats, src)
	for _, pkg := range slices.Concat(b.Full, b.Wanted) {
		if err := c.StoreBinary(&pkg, src.Key(pkg.ImportPath)); err != nil && first == nil {
			first = fmt.Errorf("hunt: cache: %w", err)
		}
	}
	for _, pkg := range b.Full {
		key := src.Key(pkg.ImportPath)
		if key == "" || b.Indexed[pkg.ImportPath] {
			continue
		}
		var had IndexEntry
		if pats.Run != "" && c.read(indexKey(key), &had) && had.Package == pkg.ImportPath && had.Run == "" {
			continue // the entry of every test stays: it answers any -run
		}
		deps := src.Deps[pkg.ImportPath]
		e := &IndexEntry{Package: pkg.ImportPath, Tests: pkg.Tests, Run: pats.Run}
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
		if err := c.write(indexKey(key), e); err != nil && first == nil {
			first = err
		}
	}
	return first
}
