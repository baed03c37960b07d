package predict

import "testing"

// before follows edges forward in time only: an edge that left a
// goroutine before the event asked about orders nothing after it.
func TestHBGraphBefore(t *testing.T) {
	var h hbGraph
	h.add(1, 2, 5)  // go 1 2 at event 5
	h.add(2, 3, 10) // hb 2 3 at event 10
	for _, c := range []struct {
		g, at, h, hat int
		want          bool
	}{
		{1, 4, 2, 6, true},    // 1's event 4, then the go at 5
		{1, 6, 2, 7, false},   // after the go: unordered
		{1, 4, 3, 11, true},   // through 2's hb at 10
		{1, 4, 3, 9, false},   // 3's event before the hb
		{2, 11, 3, 12, false}, // 2's event after its hb
		{3, 1, 3, 2, true},    // program order
		{2, 6, 1, 20, false},  // no edge back
	} {
		if got := h.before(c.g, c.at, c.h, c.hat); got != c.want {
			t.Errorf("before(%d@%d, %d@%d) = %v, want %v", c.g, c.at, c.h, c.hat, got, c.want)
		}
	}
}
