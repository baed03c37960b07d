package stoppedwait

import (
	"testing"
	"time"
)

// TestCancelAtFlush asks for a cancel 1 ms from now, then schedules a 1 ms
// flush; the canceller cancels it and closes it, in a goroutine the test
// does not wait for. If the timer was stopped in time, both the flusher and
// Close leak.
func TestCancelAtFlush(t *testing.T) {
	flushers := make(chan *Flusher, 1)
	go func() {
		time.Sleep(time.Millisecond)
		f := <-flushers
		f.Cancel()
		f.Close()
	}()
	flushers <- Start(time.Millisecond)
}
