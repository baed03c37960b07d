package hunt

import (
	"fmt"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// leakLines say what Go's goroutine leak profile saw at the end of a
// test's plain run against what deadhunt confirmed: where they disagree
// always, where they agree with -v. Paths are the report's (relative).
func leakLines(rep *report.Report, st *driver.TestStats, verbose bool) []string {
	var lc *report.LeakCheck
	for _, t := range rep.Tests {
		if t.Package == st.Package && t.Test == st.Test {
			lc = t.LeakCheck
		}
	}
	if lc == nil {
		return nil
	}
	var ls []string
	for _, g := range lc.Leaked {
		switch {
		case g.Finding == "":
			ls = append(ls, fmt.Sprintf("Go's goroutineleak profile (plain run): %s; no deadlock confirmed for it", g))
		case verbose:
			ls = append(ls, fmt.Sprintf("Go's goroutineleak profile (plain run): %s; confirmed as %s", g, g.Finding))
		}
	}
	if verbose {
		for _, id := range lc.Unseen {
			ls = append(ls, fmt.Sprintf("Go's goroutineleak profile (plain run) saw no goroutine of %s: the plain run took another path", id))
		}
	}
	return ls
}

// leaksLine sums up the leak profile's account: how many goroutines it
// named and how many of those deadhunt confirmed no deadlock for; with
// -v, that the toolchain has no such profile.
func leaksLine(sum *driver.Summary, verbose bool) string {
	profiled, named, disagree := 0, 0, 0
	for _, st := range sum.Tests {
		if lc := st.LeakCheck; lc != nil {
			profiled++
			named += len(lc.Leaked)
			disagree += lc.Disagreements()
		}
	}
	switch {
	case profiled == 0 && verbose && len(sum.Tests) > 0:
		return "Go's goroutineleak profile: not in this toolchain (Go 1.27 has it; Go 1.26 with GOEXPERIMENT=goroutineleakprofile)"
	case named == 0:
		return ""
	case disagree == 0:
		return fmt.Sprintf("Go's goroutineleak profile (plain runs): %d leaked goroutine(s), each confirmed by deadhunt", named)
	}
	return fmt.Sprintf("Go's goroutineleak profile (plain runs): %d leaked goroutine(s), %d with no deadlock confirmed by deadhunt", named, disagree)
}
