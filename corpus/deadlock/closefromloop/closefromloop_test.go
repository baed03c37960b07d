package closefromloop

import (
	"os"
	"testing"
	"time"
)

// TestCloseOnBye sends a "bye", whose handler closes the connection, and
// waits for the dispatcher loop to stop, panicking after a second as a
// watchdog. The loop never stops: the test fails in every run, plain go
// test included, so it runs only under deadhunt (DEADHUNT_CONFIG set). The
// deferred hang-up runs while the panic unwinds.
func TestCloseOnBye(t *testing.T) {
	if os.Getenv("DEADHUNT_CONFIG") == "" {
		t.Skip("fails by design (its watchdog): run it with deadhunt confirm")
	}
	peer := make(chan string)
	defer close(peer) // the other side hangs up
	c := New(peer, func(c *Conn, m string) {
		if m == "bye" {
			c.Close()
		}
	})
	c.Start()
	peer <- "bye"
	select {
	case <-c.Stopped():
	case <-time.After(time.Second):
		panic("dispatcher loop did not stop within 1s")
	}
}
