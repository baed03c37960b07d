// Package keepaliveok is the fixed form of deadlock/keepalive: the
// timer-driven keepalive releases the transport lock before it waits for
// NewStream's wake-up and takes it again afterwards.
package keepaliveok

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
			t.mu.Unlock()
			<-t.awaken // waits without the lock
			t.mu.Lock()
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

// Pings reports the pings sent.
func (t *Transport) Pings() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.pings
}
