package idlereplyok

import (
	"net"
	"testing"
	"time"
)

// TestAnswerAfterIdle sends a request and waits for its answer, which
// the server writes once its connection has been idle for 100 ms; the
// test fails if it has not come within a second.
func TestAnswerAfterIdle(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		conn, err := l.Accept()
		if err == nil {
			Serve(conn, 100*time.Millisecond)
		}
	}()
	conn, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c := NewClient(conn)
	if err := c.Send("ping"); err != nil {
		t.Fatal(err)
	}
	select {
	case a := <-c.Answers:
		if a != "re: ping" {
			t.Errorf("answer %q, want %q", a, "re: ping")
		}
	case <-time.After(time.Second):
		t.Fatal("no answer within a second")
	}
}
