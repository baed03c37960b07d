package longloop

import "testing"

// Warmup is the number of lookups before the table serves.
const Warmup = 100_000

// TestServeAfterWarmup warms the table up with 100,000 lookups, then tells
// an updater to go and resolves a key while it updates, in goroutines it
// does not wait for; deadlocked goroutines leak.
func TestServeAfterWarmup(t *testing.T) {
	tb := New()
	warm := make(chan struct{})
	go func() {
		for i := 0; i < Warmup; i++ {
			tb.Lookup("a")
		}
		close(warm)
		tb.Resolve("a", "0")
	}()
	go func() {
		<-warm
		tb.Set("a", "2")
	}()
}
