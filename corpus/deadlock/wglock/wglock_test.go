package wglock

import "testing"

// TestRun runs a one-item batch in a goroutine it does not wait for: Run
// and the worker deadlock and leak.
func TestRun(t *testing.T) {
	b := &Batch{}
	go b.Run([]int{3})
}
