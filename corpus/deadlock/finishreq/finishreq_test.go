package finishreq

import (
	"testing"
	"time"
)

// TestSlowStorage gives a storage call that takes 1 ms a 1 ms timeout.
// FinishRequest returns either way; an abandoned storage goroutine leaks.
func TestSlowStorage(t *testing.T) {
	res, err := FinishRequest(time.Millisecond, func() (string, error) {
		time.Sleep(time.Millisecond)
		return "pod", nil
	})
	if err == nil && res != "pod" {
		t.Fatalf("result %q", res)
	}
}
