package dialtimerok

import (
	"context"
	"testing"
)

// TestIdleEndsWatcher opens a stream and returns: the watcher waits for
// the idle timeout, which ends it.
func TestIdleEndsWatcher(t *testing.T) {
	tr := Dial()
	tr.NewStream(context.Background())
}
