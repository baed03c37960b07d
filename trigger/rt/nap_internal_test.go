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
	started, done := make(chan struct{}), make(chan bool)
	go func() {
		x.gptr.Store((*byte)(getgp()))
		x.goid.Store(curGoid())
		close(started)
		done <- n.nap(200 * time.Millisecond)
	}()
	<-started
	st := ""
	for i := 0; i < 100000 && st != "IO wait" && st != "syscall"; i++ {
		runtime.Gosched()
		st = fastWaitReason(x)
	}
	if st != "IO wait" {
		t.Errorf("a napping goroutine is in %q, want IO wait", st)
	}
	if !<-done {
		t.Error("the nap failed")
	}
}
