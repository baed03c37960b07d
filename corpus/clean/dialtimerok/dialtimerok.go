// Package dialtimerok looks like dialtimer: a stream's watcher waits for
// the transport's error channel, and the test returns with a timer of
// Dial's still pending past the test. Here the timer is an idle timeout
// whose callback fails the transport and closes the error channel, so the
// watcher ends when it fires, twenty seconds after the test.
package dialtimerok

import (
	"context"
	"sync"
	"time"
)

// idleTimeout is long: the timer outlives the test.
const idleTimeout = 20 * time.Second

type Transport struct {
	mu        sync.Mutex
	failed    bool
	errorChan chan struct{}
}

// Dial returns a transport that fails once idle for idleTimeout.
func Dial() *Transport {
	t := &Transport{errorChan: make(chan struct{})}
	time.AfterFunc(idleTimeout, t.fail)
	return t
}

// fail marks the transport failed and wakes its streams' watchers.
func (t *Transport) fail() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.failed {
		t.failed = true
		close(t.errorChan)
	}
}

// NewStream starts the stream's watcher.
func (t *Transport) NewStream(ctx context.Context) {
	go func() {
		select {
		case <-t.errorChan:
		case <-ctx.Done():
		}
	}()
}
