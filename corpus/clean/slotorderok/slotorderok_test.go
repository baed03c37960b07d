package slotorderok

import "testing"

// TestRenderAll submits two jobs to a farm of one slot, unlocks both
// scenes, then waits for both receipts.
func TestRenderAll(t *testing.T) {
	f := NewFarm(1)
	jobs := []*Job{f.Submit("a"), f.Submit("b")}
	for _, j := range jobs {
		j.Unlock()
	}
	for _, j := range jobs {
		if got, want := j.Wait(), "rendered "+j.name; got != want {
			t.Errorf("receipt %q, want %q", got, want)
		}
	}
}
