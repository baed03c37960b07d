// Package lostwakeup models a pipe whose reader waits on a Cond for data
// without checking whether the data is already there: if the writer's
// Signal comes before the reader's Wait, the reader waits for a signal
// that never comes.
package lostwakeup

import "sync"

type Pipe struct {
	mu   sync.Mutex
	cond *sync.Cond
	buf  []byte
}

func New() *Pipe {
	p := &Pipe{}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// Write appends b and wakes a reader.
func (p *Pipe) Write(b []byte) {
	p.mu.Lock()
	p.buf = append(p.buf, b...)
	p.cond.Signal()
	p.mu.Unlock()
}

// Read waits for a write and takes what was written.
func (p *Pipe) Read() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cond.Wait() // no check of len(p.buf): a Signal before it is lost
	b := p.buf
	p.buf = nil
	return b
}
