package driver

import (
	"strconv"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

func exploreRun(orderings float64, shape, sig, uncounted string) *run {
	return &run{Result: &wire.Result{Outcome: "ok", Explore: &Explore{Orderings: orderings, Shape: shape, Signature: sig, Uncounted: uncounted}}}
}

// TestSpace: a space is exhausted once its runs showed as many distinct
// signatures as the first run's bound, never when a run's shape differs
// (the bound is the first shape's) or a run could not count; replays do
// not count.
func TestSpace(t *testing.T) {
	var s space
	for i := range 6 {
		if s.exhausted() {
			t.Fatalf("exhausted after %d of 6 orderings", i)
		}
		s.add(exploreRun(6, "sh", strconv.Itoa(i), ""))
		s.add(exploreRun(6, "sh", "0", "")) // a repeated ordering adds nothing
	}
	if !s.exhausted() || len(s.sigs) != 6 {
		t.Errorf("not exhausted after the 6 orderings: %+v", s)
	}

	var v space
	v.add(exploreRun(2, "a", "x", ""))
	v.add(exploreRun(2, "b", "y", ""))
	if v.exhausted() || v.uncounted == "" {
		t.Errorf("runs of two shapes exhausted the space: %+v", v)
	}

	var u space
	u.add(exploreRun(0, "a", "x", "a select on an object goroutines share"))
	if u.exhausted() || u.uncounted != "a select on an object goroutines share" {
		t.Errorf("an uncounted run: %+v", u)
	}

	var r space
	rp := exploreRun(1, "a", "x", "")
	rp.Config.Replay = "/s.json"
	r.add(rp)
	if r.exhausted() {
		t.Error("a replay counted")
	}
	r.add(exploreRun(1, "a", "x", ""))
	if !r.exhausted() {
		t.Error("one run of a one-ordering space does not exhaust it")
	}
}

// Two runs of one ordering that ended differently show a source outside
// the scheduler: the space is then never exhausted.
func TestSpaceSameOrderingOtherOutcome(t *testing.T) {
	var s space
	s.add(exploreRun(1, "a", "x", ""))
	dl := exploreRun(1, "a", "x", "")
	dl.Outcome, dl.Result.Outcome = Deadlock, "deadlock"
	s.add(dl)
	if s.exhausted() || s.uncounted == "" {
		t.Errorf("one ordering, a pass and a deadlock: exhausted %v, uncounted %q", s.exhausted(), s.uncounted)
	}
}

// A draw no count of runs covers takes the claim of coverage out of the
// stop's text and says what was not explored.
func TestStopTextUnexplored(t *testing.T) {
	why := "a random draw at /m/x.go:3:9 (64-bit)"
	for _, st := range []TestStats{{Stop: StopNoInterleaving, Orderings: 1}, {Stop: StopExhausted, Orderings: 4}} {
		plain := st.StopText()
		st.Unexplored = why
		got := st.StopText()
		if got == plain || !strings.HasSuffix(got, "not explored: "+why) || strings.Contains(got, "no interleaving") || strings.Contains(got, "explored all") {
			t.Errorf("%s with an unexplored draw: %q", st.Stop, got)
		}
	}
}
