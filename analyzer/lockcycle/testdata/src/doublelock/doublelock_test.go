package doublelock

import "testing"

// A double lock inside a test file is not reported unless -tests is set.
func TestSelf(t *testing.T) {
	var x T
	x.mu.Lock()
	x.mu.Lock()
}
