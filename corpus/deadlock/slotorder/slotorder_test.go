package slotorder

import "testing"

// TestRenderInOrder submits two jobs to a farm of one slot and releases
// them in order, in a goroutine it does not wait for. Deadlocked
// goroutines leak.
func TestRenderInOrder(t *testing.T) {
	f := NewFarm(1)
	go func() {
		jobs := []*Job{f.Submit("a"), f.Submit("b")}
		for _, j := range jobs {
			j.Release()
		}
	}()
}
