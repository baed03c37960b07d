package rt

import (
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestNetQuiet: connections between the process's own sockets, TCP or
// Unix, with nothing in flight are quiet; bytes not yet read, a
// connection not yet accepted, a pipe in the poller, a Unix datagram
// socket and a UDP socket are not.
func TestNetQuiet(t *testing.T) {
	quiet := func(want bool, what string) {
		t.Helper()
		// The kernel's queues settle at once over loopback; the state of
		// a closing socket may take a moment.
		var ok bool
		var why string
		for range 100 {
			if ok, why = netQuiet(); ok == want {
				return
			}
			time.Sleep(time.Millisecond)
		}
		t.Fatalf("%s: netQuiet = %v (%s), want %v", what, ok, why, want)
	}
	quiet(true, "no sockets")
	// pair listens on network at addr, connects, accepts and sends a few
	// bytes over the connection, checking the verdict at each step; it
	// returns the client's end.
	pair := func(network, addr string) net.Conn {
		t.Helper()
		l, err := net.Listen(network, addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		quiet(true, network+": a listener")
		c, err := net.Dial(network, l.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		quiet(false, network+": a connection waiting to be accepted")
		s, err := l.Accept()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		quiet(true, network+": a connection accepted")
		if _, err := c.Write([]byte("ping")); err != nil {
			t.Fatal(err)
		}
		quiet(false, network+": bytes not yet read")
		if _, err := s.Read(make([]byte, 4)); err != nil {
			t.Fatal(err)
		}
		quiet(true, network+": bytes read")
		return c
	}
	c := pair("tcp", "127.0.0.1:0")
	l6, err := net.Listen("tcp", "[::]:0")
	if err == nil {
		defer l6.Close()
		c6, err := net.Dial("tcp", "127.0.0.1:"+portOf(l6.Addr()))
		if err != nil {
			t.Fatal(err)
		}
		defer c6.Close()
		s6, err := l6.Accept()
		if err != nil {
			t.Fatal(err)
		}
		defer s6.Close()
		quiet(true, "an IPv4 client of a dual-stack listener")
	}
	c.Close()
	quiet(true, "the peer of a closed connection")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	quiet(false, "a pipe in the network poller")
	r.Close()
	w.Close()
	quiet(true, "a pipe closed")
	u, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	quiet(false, "a UDP socket")
	u.Close()
	quiet(true, "the UDP socket closed")
	if err := SockDiag(); err != nil {
		t.Logf("no socket diagnostics here (%v): the Unix sockets' part is left out", err)
		return
	}
	dir := t.TempDir()
	pair("unix", filepath.Join(dir, "s"))
	ug, err := net.ListenPacket("unixgram", filepath.Join(dir, "g"))
	if err != nil {
		t.Fatal(err)
	}
	quiet(false, "a Unix datagram socket")
	ug.Close()
	quiet(true, "the Unix datagram socket closed")
}

func portOf(a net.Addr) string {
	_, p, _ := net.SplitHostPort(a.String())
	return p
}
