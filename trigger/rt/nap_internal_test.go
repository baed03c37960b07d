package rt

import (
	"sync/atomic"
	"testing"
	"time"
)

// A nap leaves its P to others: a sleeper's timer fires while another
// goroutine naps over and over, as the watchdog's quick looks do.
func TestNapLeavesTimers(t *testing.T) {
	n := newNapper()
	if n == nil {
		t.Skip("no timer file here")
	}
	defer n.close()
	var naps atomic.Int64
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if !n.nap(250 * time.Microsecond) {
				t.Error("a nap failed")
				return
			}
			naps.Add(1)
		}
	}()
	// The sleeps are counted in naps, not in time: a sleep of 100 µs
	// must not last a few hundred of them.
	for i := 0; i < 20; i++ {
		start := naps.Load()
		time.Sleep(100 * time.Microsecond)
		if d := naps.Load() - start; d > 400 {
			t.Fatalf("sleep %d lasted %d naps", i, d)
		}
	}
	close(stop)
	<-done
}
