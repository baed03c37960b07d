// Package chanrecv models a client that holds its lock while waiting for a
// reply; the reader goroutine that delivers the reply must first take the
// same lock to look up the pending request.
package chanrecv

import "sync"

type Client struct {
	mu      sync.Mutex
	pending map[int]bool
	replies chan string
}

func New() *Client { return &Client{pending: map[int]bool{}, replies: make(chan string)} }

// Call sends request id and waits for its reply, holding c.mu throughout.
func (c *Client) Call(id int) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pending[id] = true
	return <-c.replies // received while holding c.mu
}

// Deliver hands the reply for id to the waiting caller.
func (c *Client) Deliver(id int, reply string) {
	c.mu.Lock()
	delete(c.pending, id)
	c.mu.Unlock()
	c.replies <- reply
}
