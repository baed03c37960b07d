// Package dialtimer models a client transport whose streams each start a
// watcher that waits for the transport's error channel or the stream's
// context. Close closes the error channel only once the transport has
// failed, so a stream of a healthy transport that is closed keeps its
// watcher waiting for good (modelled on the facts of grpc-go's
// TestErrorChanNoIO, GoBench's grpc/649). Dial arms a handshake timeout
// with time.AfterFunc that is still pending when the test returns: its
// callback only fills a buffered channel nobody reads.
package dialtimer

import (
	"context"
	"sync"
	"time"
)

// handshakeTimeout is long: the timer outlives the test.
const handshakeTimeout = 20 * time.Second

type Transport struct {
	mu        sync.Mutex
	failed    bool
	closed    bool
	errorChan chan struct{}
	handshake chan error
}

// Dial returns a transport whose handshake succeeded before its timeout.
func Dial() *Transport {
	t := &Transport{errorChan: make(chan struct{}), handshake: make(chan error, 2)}
	time.AfterFunc(handshakeTimeout, func() { t.handshake <- context.DeadlineExceeded })
	t.handshake <- nil
	<-t.handshake
	return t
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

// Close marks the transport closed; it closes the error channel only if
// the transport had failed.
func (t *Transport) Close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.failed && !t.closed {
		close(t.errorChan)
	}
	t.closed = true
}
