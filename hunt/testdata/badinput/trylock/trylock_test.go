// Package trylock has a test that spins on TryLock until another goroutine
// lets the lock go.
package trylock

import (
	"sync"
	"testing"
)

func TestSpin(t *testing.T) {
	var mu sync.Mutex
	var n int
	mu.Lock()
	go func() {
		for i := 0; i < 3; i++ {
			n++
		}
		mu.Unlock()
	}()
	for !mu.TryLock() {
	}
	if n != 3 {
		t.Errorf("n = %d after the lock was released, want 3", n)
	}
	mu.Unlock()
}
