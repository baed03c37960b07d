// Package sleepsecond is the benchmark of a test that waits for its
// goroutines while they sleep one second in all (BENCHMARKS.md, "Time
// under control"): plain go test takes that second, a controlled run takes
// none of it.
package sleepsecond

import (
	"sync"
	"testing"
	"time"
)

// TestSleepSecond: two goroutines take turns over a counter, each sleeping
// 100 ms before each of its five increments; the test waits for both.
func TestSleepSecond(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for g := 0; g < 2; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 5; i++ {
				time.Sleep(100 * time.Millisecond)
				mu.Lock()
				n++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if n != 10 {
		t.Fatalf("n = %d, want 10", n)
	}
}
