package iface

import "testing"

// TestRotateWhileLogging rotates a sink while a line is logged. It returns
// without waiting; deadlocked goroutines leak.
func TestRotateWhileLogging(t *testing.T) {
	l := &Logger{}
	f := &FileSink{log: l}
	l.Attach(f)
	go l.Log("hello")
	go f.Rotate()
}
