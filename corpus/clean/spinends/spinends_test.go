package spinends

import "testing"

// TestAwaitPublished spins in Await while a goroutine publishes.
func TestAwaitPublished(t *testing.T) {
	var s Slot
	go s.Publish(7)
	if v := s.Await(); v != 7 {
		t.Errorf("Await = %d, want 7", v)
	}
}
