package afterdrain

import (
	"testing"
	"time"
)

// TestCancelAtRetry cancels a 1 ms retry after 1 ms, in a goroutine it does
// not wait for. A Cancel stuck in the drain leaks.
func TestCancelAtRetry(t *testing.T) {
	r := Schedule(time.Millisecond)
	go func() {
		time.Sleep(time.Millisecond)
		r.Cancel()
	}()
}
