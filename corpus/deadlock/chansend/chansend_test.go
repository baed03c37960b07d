package chansend

import "testing"

// TestRunWatched runs a two-step job with a watcher. It returns without
// waiting; deadlocked goroutines leak.
func TestRunWatched(t *testing.T) {
	j := New()
	go j.Watch()
	go j.Run(2)
}
