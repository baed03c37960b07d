// Package oncelock models a client that opens its connection lazily with
// sync.Once, through two init functions: connect for callers without the
// client lock (it takes the lock), connectLocked for callers that hold it.
// If Send, holding the lock, reaches the Once while Conn's connect is
// running inside it, each waits for the other.
package oncelock

import "sync"

type Client struct {
	mu   sync.Mutex // guards conn, sent
	once sync.Once
	addr string
	conn string
	sent int
}

func (c *Client) connect() {
	c.mu.Lock() // waits for Send's lock while Conn holds the Once
	defer c.mu.Unlock()
	c.connectLocked()
}

func (c *Client) connectLocked() { c.conn = "conn:" + c.addr }

// Conn returns the connection, opening it on first use.
func (c *Client) Conn() string {
	c.once.Do(c.connect)
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.conn
}

// Send counts a message, making sure the connection is open.
func (c *Client) Send() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.once.Do(c.connectLocked) // waits for a running connect while holding c.mu
	c.sent++
}
