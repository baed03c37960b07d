// Package pollsendok is pollsend fixed: the pump still checks its quit
// channel with a non-blocking select before each hand-off, but its send
// selects on quit too, so quit closed while it waits to send ends the
// send whatever its consumer's select takes.
package pollsendok

import "sync"

type Pump struct {
	mu      sync.Mutex // guards closing, got
	closing bool
	got     int
	events  chan int
	quit    chan struct{}
}

// New returns a pump; Start runs its goroutines.
func New() *Pump { return &Pump{events: make(chan int), quit: make(chan struct{})} }

// Start runs the producer and the consumer.
func (p *Pump) Start() {
	go p.produce()
	go p.consume()
}

func (p *Pump) produce() {
	for i := 0; ; i++ {
		select {
		case <-p.quit:
			return
		default:
			select {
			case p.events <- i:
			case <-p.quit:
				return
			}
		}
	}
}

func (p *Pump) consume() {
	for {
		select {
		case <-p.events:
			p.mu.Lock()
			p.got++
			p.mu.Unlock()
		case <-p.quit:
			return
		}
	}
}

// Close marks the pump closing and tells both goroutines to quit.
func (p *Pump) Close() {
	p.mu.Lock()
	p.closing = true
	p.mu.Unlock()
	close(p.quit)
}
