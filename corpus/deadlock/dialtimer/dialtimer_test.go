package dialtimer

import (
	"context"
	"testing"
)

// TestCloseEndsWatcher opens a stream on a healthy transport and closes
// the transport: the stream's watcher is leaked, blocked for good, while
// the handshake's timer is still pending.
func TestCloseEndsWatcher(t *testing.T) {
	tr := Dial()
	tr.NewStream(context.Background())
	tr.Close()
}
