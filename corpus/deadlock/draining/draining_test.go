package draining

import "testing"

// TestShutdownUnderLoad shuts down while a connection arrives and stats
// are read. It returns without waiting; deadlocked goroutines leak.
func TestShutdownUnderLoad(t *testing.T) {
	s := &Server{}
	go s.Shutdown()
	go s.Accept()
	go s.Stats()
}
