package keepaliveok

import (
	"sync"
	"testing"
	"time"
)

func TestStreamAtKeepalive(t *testing.T) {
	tr := New()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); tr.Keepalive(time.Millisecond, 1) }()
	go func() {
		defer wg.Done()
		time.Sleep(time.Millisecond)
		tr.NewStream()
	}()
	wg.Wait()
	if n := tr.Pings(); n != 1 {
		t.Fatalf("%d pings; want 1", n)
	}
}
