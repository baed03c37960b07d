package rt

import (
	"reflect"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// A step log encodes as the list of its steps does, without the list.
func TestCompactLog(t *testing.T) {
	l := newStepLog()
	a, b := &Site{File: "/m/x.go", Line: 18, Col: 2}, &Site{File: "/m/x.go", Line: 19, Col: 8}
	var steps []wire.Step
	add := func(g int, s *Site, k opKind, change bool) {
		l.add(stepRec{g: int32(g), site: l.intern(s), kind: k, change: change})
		steps = append(steps, wire.Step{Goroutine: g, Site: s.String(), Op: k.String(), Change: change})
	}
	for i := range 3 * stepChunk { // across chunks: a loop, then irregular steps
		if i < 2*stepChunk {
			add(2, a, opLock, false)
			add(2, b, opUnlock, false)
			continue
		}
		add(1+i%3, []*Site{a, b}[i%2], opLock, i%7 == 0)
	}
	got, want := l.compact(l.len()), wire.Compact(steps)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the log's encoding differs from the list's: %d runs against %d", len(got.Runs), len(want.Runs))
	}
	back, err := got.Expand()
	if err != nil || !reflect.DeepEqual(back, steps) {
		t.Errorf("expanded: %v, equal %v", err, reflect.DeepEqual(back, steps))
	}
}
