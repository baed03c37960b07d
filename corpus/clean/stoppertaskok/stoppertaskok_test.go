package stoppertaskok

import (
	"sync"
	"testing"
)

func TestStopWhileWorking(t *testing.T) {
	s := &Stopper{}
	var mu sync.Mutex
	done := 0
	s.RunWorker(40, func() {
		mu.Lock()
		done++
		mu.Unlock()
	})
	s.Stop()
	mu.Lock()
	defer mu.Unlock()
	if done > 40 {
		t.Fatalf("%d tasks ran, want at most 40", done)
	}
}
