package callback

import "testing"

// TestRebuildWhileRegistering rebuilds the index while a name is being
// registered. It returns without waiting; deadlocked goroutines leak.
func TestRebuildWhileRegistering(t *testing.T) {
	r := &Registry{}
	r.Add("a")
	x := NewIndex(r)
	go x.Rebuild()
	go x.Register("b")
}
