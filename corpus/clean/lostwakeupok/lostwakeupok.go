// Package lostwakeupok is lostwakeup fixed: the reader waits in a loop
// over its condition, so a Signal that came first is not needed.
package lostwakeupok

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

// Read waits for data and takes it.
func (p *Pipe) Read() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.buf) == 0 {
		p.cond.Wait()
	}
	b := p.buf
	p.buf = nil
	return b
}
