package rt

import "testing"

// A run with more kinds than maxKinds reports none (over); one kind seen
// again at the bound is not more.
func TestKindSetOver(t *testing.T) {
	var k kindSet
	for i := range maxKinds {
		k.add(uint64(i))
	}
	k.add(0)
	if k.over || len(k.list()) != maxKinds {
		t.Fatalf("at the bound: over %v, %d kinds; want %d", k.over, len(k.list()), maxKinds)
	}
	k.add(maxKinds)
	if !k.over || k.list() != nil {
		t.Errorf("past the bound: over %v, %d kinds; want over, none", k.over, len(k.list()))
	}
}
