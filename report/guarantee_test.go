package report

import (
	"strings"
	"testing"
)

// An unconfirmed finding's search promises a miss bound only below 0.5:
// from there the text says "no guarantee" and shows no number.
func TestSearchTextNoGuarantee(t *testing.T) {
	for _, c := range []struct {
		bound float64
		want  string
	}{
		{0.344, "a depth-3 deadlock is missed with probability at most 0.344"},
		{0.5, "no guarantee for a depth-3 deadlock"},
		{1, "no guarantee for a depth-3 deadlock"},
	} {
		f := Finding{ID: "x", Kind: RWR, Status: Unconfirmed, Package: "p", Locks: []Lock{{Class: "a"}},
			Search: &Search{Strategy: Directed, Runs: 8, Depth: 3, MissBound: c.bound}}
		var b strings.Builder
		f.writeText(&b)
		if got := b.String(); !strings.Contains(got, c.want) || NoGuarantee(c.bound) && strings.Contains(got, "probability") {
			t.Errorf("miss bound %v: text\n%s\nwant %q", c.bound, got, c.want)
		}
	}
}
