// Package connpool models a connection pool: Pool.Close locks the pool and
// then each connection to close it, while Conn.Close locks the connection
// and then the pool to remove itself.
package connpool

import "sync"

type Pool struct {
	mu    sync.Mutex
	conns map[*Conn]bool
}

type Conn struct {
	mu     sync.Mutex
	pool   *Pool
	closed bool
}

func NewPool() *Pool { return &Pool{conns: map[*Conn]bool{}} }

// Get opens a connection owned by the pool.
func (p *Pool) Get() *Conn {
	c := &Conn{pool: p}
	p.mu.Lock()
	p.conns[c] = true
	p.mu.Unlock()
	return c
}

// Close closes every connection, holding the pool lock.
func (p *Pool) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		c.mu.Lock() // Pool.mu -> Conn.mu
		c.closed = true
		c.mu.Unlock()
	}
	clear(p.conns)
}

// Close closes the connection and removes it from its pool.
func (c *Conn) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	c.closed = true
	c.pool.mu.Lock() // Conn.mu -> Pool.mu
	delete(c.pool.conns, c)
	c.pool.mu.Unlock()
}
