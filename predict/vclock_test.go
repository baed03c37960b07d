package predict

import (
	"slices"
	"testing"
)

func TestJoined(t *testing.T) {
	v := vclock{3, 0, 5}
	got := v.joined(vclock{1, 4}, 3, 2)
	if want := (vclock{3, 4, 5, 2}); !slices.Equal(got, want) {
		t.Errorf("joined = %v, want %v", got, want)
	}
	if !slices.Equal(v, vclock{3, 0, 5}) {
		t.Errorf("joined changed its receiver: %v", v)
	}
	if same := v.joined(vclock{2}, 2, 5); &same[0] != &v[0] {
		t.Errorf("join that adds nothing copied the clock")
	}
}

func TestOrdered(t *testing.T) {
	// a: goroutine 0 took its locks at clocks 1 and 2; b: goroutine 1 took
	// its first lock knowing goroutine 0 up to clock 2, so a ends before b
	// starts.
	a := occurrence{g: 0, start: 1, end: 2}
	b := occurrence{g: 1, start: 1, end: 2, startVC: vclock{2}}
	if !ordered(&a, &b) || !ordered(&b, &a) {
		t.Errorf("a → b ordered by happens-before not seen")
	}
	b.startVC = vclock{1} // b knows only a's first acquisition: they overlap
	if ordered(&a, &b) {
		t.Errorf("overlapping occurrences seen as ordered")
	}
}
