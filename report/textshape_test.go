package report

import (
	"fmt"
	"strings"
	"testing"
)

// leak is a confirmed leak of a goroutine created at site, found by test
// in pkg.
func leak(pkg, test, site string) Finding {
	g := Goroutine{ID: 2, Created: Site{File: site, Line: 10, Col: 2}}
	f := Finding{Kind: Blocked, Status: Confirmed, Package: pkg, Test: test, Locks: []Lock{}, Goroutines: []Goroutine{g}}
	f.ID = ComputeID(Blocked, pkg+"/"+test, []string{site})
	return f
}

// Forty leaks of one creation site print three in full and a count with
// the other IDs; another shape and a lock cycle print in full;
// WriteTextAll prints all.
func TestWriteTextRepeats(t *testing.T) {
	rep := &Report{Version: Version}
	for i := range 40 {
		rep.Findings = append(rep.Findings, leak(fmt.Sprintf("example.com/p%02d", i), "TestLeak", "pool.go"))
	}
	rep.Findings = append(rep.Findings, leak("example.com/p00", "TestOther", "other.go"))
	cycle := Finding{Kind: LockOrderCycle, Status: Confirmed, Package: "example.com/p00", Test: "TestCycle",
		Locks: []Lock{{Class: "p.a"}, {Class: "p.b"}}}
	cycle.ID = ComputeID(cycle.Kind, cycle.Package, cycle.Classes())
	rep.Findings = append(rep.Findings, cycle)
	var short, all strings.Builder
	if err := rep.WriteText(&short); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteTextAll(&all); err != nil {
		t.Fatal(err)
	}
	count := func(text string) int { return strings.Count(text, "  goroutine 2 created at pool.go:10:2\n") }
	if n := count(short.String()); n != PerShape {
		t.Errorf("%d pool.go leaks written in full, want %d:\n%s", n, PerShape, short.String())
	}
	var rest []string
	for _, f := range rep.Findings[PerShape:40] {
		rest = append(rest, f.ID)
	}
	want := fmt.Sprintf("37 more finding(s) of the shape of %s (confirmed leaked goroutine blocked forever (partial deadlock), created at pool.go:10:2) in other tests or packages: %s\n",
		rep.Findings[0].ID, strings.Join(rest, ", "))
	if !strings.Contains(short.String(), want) {
		t.Errorf("no summary line %q in:\n%s", want, short.String())
	}
	for _, f := range rep.Findings[40:] {
		if !strings.Contains(short.String(), f.ID+" "+f.Summary()) {
			t.Errorf("%s not written in full:\n%s", f.ID, short.String())
		}
	}
	if n := count(all.String()); n != 40 || strings.Contains(all.String(), "more finding(s)") {
		t.Errorf("WriteTextAll wrote %d pool.go leaks, want 40 and no summary", n)
	}
	if got := rep.Repeated(); len(got) != 37 || !got[rest[0]] || got[rep.Findings[0].ID] {
		t.Errorf("Repeated %v, want the 37 left out", got)
	}
}
