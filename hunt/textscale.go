package hunt

import (
	"fmt"
	"io"
	"slices"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// writeScale writes what a hunt at scale adds to confirm's text: the
// tests left to other shards, and the tests whose results were reused
// from the cache.
func (r *Result) writeScale(w io.Writer) {
	if !r.Shard.whole() {
		join := ""
		if r.hints.Merge != "" {
			join = "; join the shards' reports with " + r.hints.Merge
		}
		fmt.Fprintf(w, "shard %s: %d test(s) left to the other shards%s\n", r.Shard, r.Elsewhere, join)
	}
	if n := len(r.Cached); n > 0 {
		fmt.Fprintf(w, "%d test(s) of %d unchanged package(s) not hunted again: their results are reused from the cache (marked [cached]%s)\n",
			n, r.cachedPackages(), hint(r.hints.Fresh, "hunts them again"))
	}
}

// cachedPackages counts the packages of the cached tests.
func (r *Result) cachedPackages() int {
	seen := map[string]bool{}
	for _, t := range r.Cached {
		seen[t.Package] = true
	}
	return len(seen)
}

// cachedMark is " [cached]" for a test whose result the cache gave.
func cachedMark(st driver.TestStats, cached []report.TestRef) string {
	if slices.Contains(cached, report.TestRef{Package: st.Package, Test: st.Test}) {
		return " [cached]"
	}
	return ""
}
