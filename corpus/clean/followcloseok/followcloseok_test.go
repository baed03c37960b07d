package followcloseok

import "testing"

// TestFollowThenClose follows the log, closes the logger and waits for
// the reader to finish, closing again in case the reader registered after
// the first Close.
func TestFollowThenClose(t *testing.T) {
	l := New()
	r := l.Follow()
	l.Close()
	<-r.acked
	l.Close()
	<-r.done
}
