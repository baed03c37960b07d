package locals

import "testing"

// TestStartPumps starts the pumps and returns without waiting for them;
// deadlocked pumps leak.
func TestStartPumps(t *testing.T) {
	StartPumps()
}
