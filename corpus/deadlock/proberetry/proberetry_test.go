package proberetry

import (
	"context"
	"testing"
	"time"
)

// TestStopDuringProbe runs a monitor (1 ms interval, 1 ms probe timeout,
// probes taking 1 ms) and stops it after 2 ms, without waiting for either.
// A probe left blocked leaks.
func TestStopDuringProbe(t *testing.T) {
	stop := make(chan struct{})
	go Monitor(stop, time.Millisecond, time.Millisecond, func(context.Context) bool {
		time.Sleep(time.Millisecond)
		return true
	})
	go func() {
		time.Sleep(2 * time.Millisecond)
		close(stop)
	}()
}
