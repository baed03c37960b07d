package flusher

import "testing"

// TestFlushRounds runs two flush rounds while a writer appends and then
// compacts. It returns without waiting; deadlocked goroutines leak.
func TestFlushRounds(t *testing.T) {
	l := &Log{}
	go func() {
		for range 2 {
			l.Flush()
		}
	}()
	go func() {
		l.Append("start")
		l.Compact()
	}()
}
