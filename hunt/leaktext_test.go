package hunt

import (
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

func TestLeakLines(t *testing.T) {
	lc := &report.LeakCheck{Leaked: []report.LeakedGoroutine{
		{SnapGoroutine: report.SnapGoroutine{GoState: "chan send", Stack: []report.Frame{{Func: "p.f", File: "p.go", Line: 3}}}, Finding: "DH-1"},
		{SnapGoroutine: report.SnapGoroutine{GoState: "select", Stack: []report.Frame{{Func: "p.g", File: "p.go", Line: 9}}}},
	}, Unseen: []string{"DH-2"}}
	st := driver.TestStats{Package: "p", Test: "TestX", LeakCheck: lc}
	rep := &report.Report{Tests: []report.TestRun{{Package: "p", Test: "TestX", LeakCheck: lc}}}
	quiet := leakLines(rep, &st, false)
	if len(quiet) != 1 || !strings.Contains(quiet[0], "leaked [select] at p.go:9; no deadlock confirmed") {
		t.Errorf("default: %q, want only the disagreement", quiet)
	}
	if v := leakLines(rep, &st, true); len(v) != 3 || !strings.Contains(v[0], "confirmed as DH-1") || !strings.Contains(v[2], "DH-2") {
		t.Errorf("verbose: %q", v)
	}
	sum := &driver.Summary{Tests: []driver.TestStats{st}}
	if l := leaksLine(sum, false); l != "Go's goroutineleak profile (plain runs): 2 leaked goroutine(s), 1 with no deadlock confirmed by deadhunt" {
		t.Errorf("summary %q", l)
	}
	none := &driver.Summary{Tests: []driver.TestStats{{Package: "p", Test: "TestX"}}}
	if leaksLine(none, false) != "" || !strings.Contains(leaksLine(none, true), "not in this toolchain") {
		t.Errorf("without a profile: %q / %q", leaksLine(none, false), leaksLine(none, true))
	}
}
