// Package dialwait models a client Dial that starts a connection goroutine
// and waits until it is ready or a timeout passes. On timeout Dial returns
// an error without closing the half-made connection, whose goroutine waits
// for a Close that can never come.
package dialwait

import (
	"errors"
	"time"
)

var ErrTimeout = errors.New("dial timed out")

type Conn struct {
	ready   chan struct{}
	closing chan struct{}
}

// Dial connects with handshake, giving up after timeout.
func Dial(timeout time.Duration, handshake func()) (*Conn, error) {
	c := &Conn{ready: make(chan struct{}), closing: make(chan struct{})}
	go c.serve(handshake)
	select {
	case <-c.ready:
		return c, nil
	case <-time.After(timeout):
		return nil, ErrTimeout // forgets to close c: serve waits for good
	}
}

func (c *Conn) serve(handshake func()) {
	handshake()
	close(c.ready)
	<-c.closing // serves until Close
}

// Close ends the connection.
func (c *Conn) Close() { close(c.closing) }
