// Package keepalive models an HTTP/2 client transport's keepalive
// goroutine: when its timer fires and there is no active stream, it goes
// dormant by waiting for NewStream's wake-up, still holding the transport
// lock that NewStream needs first.
package keepalive

import (
	"sync"
	"time"
)

type Transport struct {
	mu      sync.Mutex // guards active, dormant, pings
	active  int
	dormant bool
	pings   int
	awaken  chan struct{} // room for one wake-up
}

func New() *Transport { return &Transport{awaken: make(chan struct{}, 1)} }

// Keepalive pings every interval, rounds times, sleeping while idle.
func (t *Transport) Keepalive(interval time.Duration, rounds int) {
	timer := time.NewTimer(interval)
	defer timer.Stop()
	for range rounds {
		<-timer.C
		t.mu.Lock()
		if t.active < 1 {
			t.dormant = true
			<-t.awaken // waits for NewStream while holding t.mu
			t.dormant = false
		}
		t.pings++
		t.mu.Unlock()
		timer.Reset(interval)
	}
}

// NewStream opens a stream, waking a dormant keepalive.
func (t *Transport) NewStream() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.active++
	if t.active == 1 {
		select {
		case t.awaken <- struct{}{}:
		default:
		}
	}
}
