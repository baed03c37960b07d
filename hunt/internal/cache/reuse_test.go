package cache

import (
	"slices"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// A package whose tests all ran to their end is stored and then reused,
// its findings and tests joined to the next hunt's in build order; one
// cut short is not stored; other options miss; a fresh hunt reuses none.
func TestReuseRoundTrip(t *testing.T) {
	dir := t.TempDir()
	c := New(dir, "opts")
	if c == nil {
		t.Fatal("no cache: the test binary cannot be read")
	}
	pkgs := []driver.Package{
		{ImportPath: "p", Tests: []string{"TestA"}, Fingerprint: "f1"},
		{ImportPath: "q", Tests: []string{"TestB"}, Fingerprint: "f2"},
	}
	fresh, r := c.Split(pkgs, nil, false)
	if len(fresh) != 2 || r.Len() != 0 || r.StaticPatterns([]string{"p", "q"}) != nil {
		t.Fatalf("empty cache: %d to hunt, %d reused; want both hunted", len(fresh), r.Len())
	}
	found := report.Finding{ID: "DH-1", Package: "p", Test: "TestA", Status: report.Confirmed}
	sum := &driver.Summary{Tests: []driver.TestStats{{Package: "p", Test: "TestA", Runs: 3}, {Package: "q", Test: "TestB", Interrupted: true}}}
	if err := r.Store(fresh, &report.Report{Findings: []report.Finding{found}}, sum); err != nil {
		t.Fatal(err)
	}
	fresh, r = c.Split(pkgs, nil, false)
	if len(fresh) != 1 || fresh[0].ImportPath != "q" || r.Len() != 1 || !slices.Equal(r.StaticPatterns([]string{"p", "q"}), []string{"q"}) {
		t.Fatalf("second hunt: %v to hunt, %d reused; want q hunted, p reused", fresh, r.Len())
	}
	rep := &report.Report{}
	sum = &driver.Summary{Tests: []driver.TestStats{{Package: "q", Test: "TestB", Runs: 5}}}
	cached := r.Apply(rep, sum)
	if !slices.Equal(cached, []report.TestRef{{Package: "p", Test: "TestA"}}) || len(rep.Findings) != 1 || rep.Findings[0].ID != "DH-1" ||
		len(sum.Tests) != 2 || sum.Tests[0].Test != "TestA" || sum.Tests[0].Runs != 3 {
		t.Errorf("applied: cached %v, findings %v, tests %+v; want p's TestA (3 runs) and finding first", cached, rep.Findings, sum.Tests)
	}
	if fresh, _ := New(dir, "other").Split(pkgs, nil, false); len(fresh) != 2 {
		t.Errorf("other options: %d to hunt, want 2", len(fresh))
	}
	if fresh, _ := c.Split(pkgs, nil, true); len(fresh) != 2 {
		t.Errorf("fresh: %d to hunt, want 2", len(fresh))
	}
}
