package statussync

import "testing"

// TestStatusAfterWarmup counts 300 updates, then starts the sync loop and
// two pods' status updates, each after 150 more counted updates. It
// returns without waiting; deadlocked goroutines leak.
func TestStatusAfterWarmup(t *testing.T) {
	m := New()
	for range 300 {
		m.Count()
	}
	go m.SyncLoop(2)
	for _, pod := range []string{"a", "b"} {
		go func() {
			for range 150 {
				m.Count()
			}
			m.SetPodStatus(pod, "running")
		}()
	}
}
