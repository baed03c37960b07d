package report

import (
	"slices"
	"testing"
)

func TestCheckLeaks(t *testing.T) {
	blockedAt := func(fn string, line int) []Frame { return []Frame{{Func: fn, File: "/m/p/p.go", Line: line}} }
	leak := Finding{ID: "DH-leak", Kind: Blocked, Status: Confirmed, Goroutines: []Goroutine{
		{ID: 2, Created: Site{File: "p.go", Line: 12}, Stack: blockedAt("p.serve", 34)}}}
	cycle := Finding{ID: "DH-cycle", Kind: LockOrderCycle, Status: Confirmed, Goroutines: []Goroutine{
		{ID: 1, Created: Site{File: "p_test.go", Line: 9}}, {ID: 3, Stack: blockedAt("p.b", 7)}}}
	unseen := Finding{ID: "DH-unseen", Kind: Blocked, Status: Confirmed, Goroutines: []Goroutine{
		{ID: 4, Created: Site{File: "q.go", Line: 5}, Stack: blockedAt("p.q", 6)}}}
	lp := &LeakProfile{Available: true, Leaked: []SnapGoroutine{
		{State: "leaked", GoState: "chan receive", Stack: blockedAt("p.serve", 34)},                                                            // the same blocking frame
		{State: "leaked", GoState: "sync.Mutex.Lock", Created: Site{File: "/go/src/testing/testing.go", Line: 2258, Func: "testing.(*T).Run"}}, // the test's own
		{State: "leaked", GoState: "select", Created: Site{File: "/m/p/r.go", Line: 40}, Stack: blockedAt("p.r", 41)},                          // nobody's
	}}
	c := CheckLeaks(lp, []Finding{leak, cycle, unseen})
	if got := []string{c.Leaked[0].Finding, c.Leaked[1].Finding, c.Leaked[2].Finding}; !slices.Equal(got, []string{"DH-leak", "DH-cycle", ""}) {
		t.Errorf("matched %q, want DH-leak, DH-cycle and none", got)
	}
	if c.Disagreements() != 1 {
		t.Errorf("%d disagreements, want 1", c.Disagreements())
	}
	// The cycle involves the test's goroutine: not a leak the profile
	// must see; the other blocked finding is.
	if !slices.Equal(c.Unseen, []string{"DH-unseen"}) {
		t.Errorf("unseen %v, want DH-unseen", c.Unseen)
	}
	if s := c.Leaked[1].String(); s != "the test's goroutine leaked [sync.Mutex.Lock]" {
		t.Errorf("line %q", s)
	}
	if s := c.Leaked[2].String(); s != "goroutine created at /m/p/r.go:40 leaked [select] at /m/p/p.go:41" {
		t.Errorf("line %q", s)
	}
	if CheckLeaks(&LeakProfile{}, []Finding{leak}) != nil || CheckLeaks(nil, nil) != nil {
		t.Error("a check without a profile")
	}
}
