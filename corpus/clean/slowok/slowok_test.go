package slowok

import (
	"sync"
	"testing"
)

// Records is how many records each of the two writers appends.
const Records = 150_000

// TestSumLargeLog appends records from two goroutines, waits for them and
// checks the sum's record count: many lock steps, no deadlock.
func TestSumLargeLog(t *testing.T) {
	var l Log
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < Records; i++ {
				l.Append(1)
			}
		}()
	}
	wg.Wait()
	if l.Sum() == 0 {
		t.Error("empty sum")
	}
}
