// Package donehook models a connection that serves one request at a time:
// Send takes the busy lock and installs, through a setter, a completion
// hook that releases it; the reader's complete runs the hook holding the
// state lock. Quiesce holds the state lock while it waits for busy, so
// busy (held until the hook runs) and state are taken in opposite orders.
package donehook

import "sync"

type Conn struct {
	busy   sync.Mutex // held from Send until the completion hook runs
	state  sync.Mutex // guards status
	status string
	onDone func()
}

// SetOnDone installs the hook complete runs.
func (c *Conn) SetOnDone(f func()) { c.onDone = f }

// Send starts a request; its completion hook releases busy.
func (c *Conn) Send() {
	c.busy.Lock()
	c.SetOnDone(func() { c.busy.Unlock() })
}

// complete records the answer and runs the hook under state:
// busy (still held) -> state.
func (c *Conn) complete() {
	c.state.Lock()
	c.status = "done"
	c.onDone()
	c.state.Unlock()
}

// Quiesce waits for the request in flight under state: state -> busy.
func (c *Conn) Quiesce() string {
	c.state.Lock()
	defer c.state.Unlock()
	c.busy.Lock()
	c.busy.Unlock()
	return c.status
}
