// Package closenotify models a polling transport that tells its client it
// has stopped through an onClose channel, with a non-blocking send so
// that a client that is gone cannot wedge it. The channel is unbuffered:
// a client that starts waiting for the close only after the loop made its
// send has missed it, and waits for good.
package closenotify

import "errors"

var ErrStopped = errors.New("transport stopped")

type Transport struct {
	onClose chan error // unbuffered
	stop    chan struct{}
}

func New() *Transport {
	return &Transport{onClose: make(chan error), stop: make(chan struct{})}
}

// Start runs the polling loop.
func (t *Transport) Start() { go t.pollingLoop() }

func (t *Transport) pollingLoop() {
	<-t.stop // polls until stopped
	select {
	case t.onClose <- ErrStopped: // delivered only to a client already waiting
	default:
	}
}

// Stop ends the polling loop.
func (t *Transport) Stop() { close(t.stop) }

// WaitClosed blocks until the transport reports that it stopped.
func (t *Transport) WaitClosed() error { return <-t.onClose }
