package setcb // want package:"lockcycle\\(edges .*\\)"

// setcb installs hooks through setter methods: a hook that releases its
// installer's lock runs under another lock, so the released lock is held
// while that lock is taken.

import "sync"

type Conn struct {
	busy   sync.Mutex // held from Begin until the completion hook runs
	state  sync.Mutex
	done   bool
	onDone func()
}

// SetOnDone installs the completion hook.
func (c *Conn) SetOnDone(f func()) { c.onDone = f } // want SetOnDone:"lockcycle\\(stores into setcb.Conn.onDone\\)"

// Begin takes busy and leaves its release to the completion hook.
func (c *Conn) Begin() { // want Begin:"lockcycle\\(acquires \\(\\*setcb.Conn\\).busy; holds \\(\\*setcb.Conn\\).busy\\)"
	c.busy.Lock()
	c.SetOnDone(func() { c.busy.Unlock() })
}

// complete runs the hook with state held: busy -> state.
func (c *Conn) complete() {
	c.state.Lock()
	c.done = true
	c.onDone() // want `lock order cycle: \(\*setcb.Conn\).busy held while acquiring \(\*setcb.Conn\).state \(released by \(\*setcb.Conn\).Begin\$1, called back at setcb.go:\d+:\d+ with it held\) through a dynamic call; reverse order on the same object at setcb.go:\d+:\d+`
	c.state.Unlock()
}

// Status takes state, then waits for busy: state -> busy.
func (c *Conn) Status() bool { // want Status:"lockcycle\\(acquires \\(\\*setcb.Conn\\).state, \\(\\*setcb.Conn\\).busy\\)"
	c.state.Lock()
	defer c.state.Unlock()
	c.busy.Lock()
	c.busy.Unlock()
	return c.done
}

// Pipe is the look-alike: its hook only counts, releasing nothing.
type Pipe struct {
	busy   sync.Mutex
	state  sync.Mutex
	n      int
	onDone func()
}

func (p *Pipe) SetOnDone(f func()) { p.onDone = f } // want SetOnDone:"lockcycle\\(stores into setcb.Pipe.onDone\\)"

func (p *Pipe) Begin() { // want Begin:"lockcycle\\(acquires \\(\\*setcb.Pipe\\).busy\\)"
	p.busy.Lock()
	p.SetOnDone(func() { p.n++ })
	p.busy.Unlock()
}

func (p *Pipe) complete() {
	p.state.Lock()
	p.onDone()
	p.state.Unlock()
}

func (p *Pipe) Status() int { // want Status:"lockcycle\\(acquires \\(\\*setcb.Pipe\\).state, \\(\\*setcb.Pipe\\).busy\\)"
	p.state.Lock()
	defer p.state.Unlock()
	p.busy.Lock()
	p.busy.Unlock()
	return p.n
}
