package rt

import (
	"runtime"
	"testing"
	"time"
)

// A nap waits in the network poller ("IO wait"), leaving its P and the
// timers on it to others; a sleep in a system call would keep them (a
// sleeper's 100 µs timer then took 130–190 ms beside the watchdog's quick
// looks).
func TestNapWaitsInPoller(t *testing.T) {
	n := newNapper()
	if n == nil {
		t.Skip("no timer file here")
	}
	defer n.close()
	if !gLayoutOf().ok {
		t.Skip("no goroutine layout here")
	}
	x := &g{}
	started, done := make(chan struct{}), make(chan bool, 1)
	go func() {
		x.gptr.Store((*byte)(getgp()))
		x.goid.Store(curGoid())
		close(started)
		done <- n.nap(200 * time.Millisecond)
	}()
	<-started
	// It passes through system calls (setting the timer, the read that
	// finds nothing yet) before it waits: read until the nap ends.
	seen := map[string]bool{}
	for ended := false; !ended && !seen["IO wait"]; {
		select {
		case ok := <-done:
			ended = true
			if !ok {
				t.Error("the nap failed")
			}
		default:
			seen[fastWaitReason(x)] = true
			runtime.Gosched()
		}
	}
	if !seen["IO wait"] {
		t.Errorf("a napping goroutine was seen in %v, never in IO wait", seen)
	}
}
