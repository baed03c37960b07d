// Package donehookok is the look-alike of donehook: Send still installs a
// completion hook through a setter and complete runs it under the state
// lock, but Send releases busy itself and the hook only counts the
// answers, releasing nothing.
package donehookok

import "sync"

type Conn struct {
	busy   sync.Mutex // held while a request is being sent
	state  sync.Mutex // guards status and answers
	status string
	n      int
	onDone func()
}

// SetOnDone installs the hook complete runs.
func (c *Conn) SetOnDone(f func()) { c.onDone = f }

// Send sends a request under busy; its hook counts the answer.
func (c *Conn) Send() {
	c.busy.Lock()
	defer c.busy.Unlock()
	c.SetOnDone(func() { c.n++ })
}

// complete records the answer and runs the hook under state.
func (c *Conn) complete() {
	c.state.Lock()
	c.status = "done"
	c.onDone()
	c.state.Unlock()
}

// Quiesce waits for a send in progress under state: state -> busy.
func (c *Conn) Quiesce() string {
	c.state.Lock()
	defer c.state.Unlock()
	c.busy.Lock()
	c.busy.Unlock()
	return c.status
}
