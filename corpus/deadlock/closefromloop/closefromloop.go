// Package closefromloop models a connection whose dispatcher loop hands
// each incoming message to a handler. Close stops the loop and waits for it
// to stop; a handler that closes the connection (on a "bye") runs on the
// loop itself, so Close waits for the loop that is waiting for Close.
package closefromloop

import "sync"

type Conn struct {
	peer    <-chan string // messages from the other side
	inbox   chan string
	closed  chan struct{}
	stopped chan struct{} // closed when the dispatcher loop returns
	once    sync.Once
	handle  func(*Conn, string)
}

func New(peer <-chan string, handle func(*Conn, string)) *Conn {
	return &Conn{peer: peer, inbox: make(chan string), closed: make(chan struct{}), stopped: make(chan struct{}), handle: handle}
}

// Start runs the reader and the dispatcher loop.
func (c *Conn) Start() {
	go c.read()
	go c.dispatch()
}

func (c *Conn) read() {
	for m := range c.peer {
		select {
		case c.inbox <- m:
		case <-c.closed:
			return
		}
	}
}

func (c *Conn) dispatch() {
	defer close(c.stopped)
	for {
		select {
		case m := <-c.inbox:
			c.handle(c, m)
		case <-c.closed:
			return
		}
	}
}

// Close stops the connection and waits for its dispatcher loop to stop.
func (c *Conn) Close() {
	c.once.Do(func() {
		close(c.closed)
		<-c.stopped
	})
}

// Stopped is closed once the dispatcher loop has returned.
func (c *Conn) Stopped() <-chan struct{} { return c.stopped }
