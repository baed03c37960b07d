package rt

import (
	"fmt"
	"reflect"
	"testing"
)

func TestCompactScheduleRoundTrip(t *testing.T) {
	var steps []stepJSON
	steps = append(steps, stepJSON{G: 1, Site: "/m/x_test.go:9:2", Op: "Go"})
	for range 100_000 {
		steps = append(steps, stepJSON{G: 2, Site: "/m/x.go:18:2", Op: "RLock"}, stepJSON{G: 2, Site: "/m/x.go:19:8", Op: "RUnlock"})
	}
	for i := range 3000 { // irregular tail
		steps = append(steps, stepJSON{G: 1 + i*7%4, Site: fmt.Sprintf("/m/x.go:%d:2", i*13%11), Op: "Lock", Change: i%31 == 0})
	}
	c := compactSchedule(steps)
	if len(c.Runs) > 3000 {
		t.Errorf("%d runs for a loop and 3000 irregular steps", len(c.Runs))
	}
	back, err := c.expand()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, steps) {
		t.Fatalf("decoded %d steps, not the %d encoded", len(back), len(steps))
	}
}

// A step log encodes as the list of its steps does, without the list.
func TestCompactLog(t *testing.T) {
	l := newStepLog()
	a, b := &Site{File: "/m/x.go", Line: 18, Col: 2}, &Site{File: "/m/x.go", Line: 19, Col: 8}
	var steps []stepJSON
	add := func(g int, s *Site, k opKind, change bool) {
		l.add(stepRec{g: int32(g), site: l.intern(s), kind: k, change: change})
		steps = append(steps, stepJSON{G: g, Site: s.String(), Op: k.String(), Change: change})
	}
	for i := range 3 * stepChunk { // across chunks: a loop, then irregular steps
		if i < 2*stepChunk {
			add(2, a, opLock, false)
			add(2, b, opUnlock, false)
			continue
		}
		add(1+i%3, []*Site{a, b}[i%2], opLock, i%7 == 0)
	}
	got, want := l.compact(l.len()), compactSchedule(steps)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the log's encoding differs from the list's: %d runs against %d", len(got.Runs), len(want.Runs))
	}
	back, err := got.expand()
	if err != nil || !reflect.DeepEqual(back, steps) {
		t.Errorf("expanded: %v, equal %v", err, reflect.DeepEqual(back, steps))
	}
}
