package faultwait

import "testing"

// TestWaitWithFaults waits for a container while one inspect in two
// fails. It returns without waiting; deadlocked goroutines leak.
func TestWaitWithFaults(t *testing.T) {
	d := New(Faults{OneIn: 2})
	d.Start("web")
	go func() { <-d.Wait("web") }()
	go d.Exit("web", 0)
}
