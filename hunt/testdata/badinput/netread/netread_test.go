// Package netread has a test that blocks for good on a network read from a
// loopback listener that never writes.
package netread

import (
	"net"
	"sync"
	"testing"
)

func TestNetRead(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip(err)
	}
	defer ln.Close()
	var mu sync.Mutex
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			mu.Lock()
			accepted <- c
			mu.Unlock()
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	srv := <-accepted
	defer srv.Close()
	buf := make([]byte, 1)
	mu.Lock()
	_, err = c.Read(buf) // the server side never writes
	mu.Unlock()
	t.Fatalf("read returned: %v", err)
}
