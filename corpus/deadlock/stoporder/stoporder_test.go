package stoporder

import "testing"

// TestShutdownAfterSend sends one item and shuts the pipeline down. It
// returns without waiting; deadlocked goroutines leak.
func TestShutdownAfterSend(t *testing.T) {
	p := New()
	go func() {
		p.Send(1)
		p.Shutdown()
	}()
}
