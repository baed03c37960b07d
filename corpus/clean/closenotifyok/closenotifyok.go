// Package closenotifyok is closenotify with the fix katzenpost PR #1143
// made to its close signal: onClose has room for the one notification,
// so the non-blocking send always leaves it for the client, whenever the
// client comes to wait.
package closenotifyok

import "errors"

var ErrStopped = errors.New("transport stopped")

type Transport struct {
	onClose chan error // buffered: holds the notification
	stop    chan struct{}
}

func New() *Transport {
	return &Transport{onClose: make(chan error, 1), stop: make(chan struct{})}
}

// Start runs the polling loop.
func (t *Transport) Start() { go t.pollingLoop() }

func (t *Transport) pollingLoop() {
	<-t.stop
	select {
	case t.onClose <- ErrStopped:
	default:
	}
}

// Stop ends the polling loop.
func (t *Transport) Stop() { close(t.stop) }

// WaitClosed blocks until the transport reports that it stopped.
func (t *Transport) WaitClosed() error { return <-t.onClose }
