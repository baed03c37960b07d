package stoppertask

import (
	"sync"
	"testing"
)

// TestStopWhileWorking runs a worker of 400 tasks and, after 300 reads of
// an unrelated setting, stops the stopper. It returns without waiting;
// deadlocked goroutines leak.
func TestStopWhileWorking(t *testing.T) {
	s := &Stopper{}
	var mu sync.Mutex
	done := 0
	s.RunWorker(400, func() {
		mu.Lock()
		done++
		mu.Unlock()
	})
	go func() {
		var settingsMu sync.RWMutex
		for range 300 {
			settingsMu.RLock()
			settingsMu.RUnlock()
		}
		s.Stop()
	}()
}
