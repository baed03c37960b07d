package closenotify

import "testing"

// TestStopThenWait stops the transport while a client waits for its
// close notification. It returns without waiting; a client that missed
// the notification leaks.
func TestStopThenWait(t *testing.T) {
	tr := New()
	tr.Start()
	go tr.WaitClosed()
	go tr.Stop()
}
