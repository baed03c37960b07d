// Package pollsend models an event pump that checks its quit channel with
// a non-blocking select before each hand-off, then sends the event on an
// unbuffered channel without watching quit; its consumer selects between
// the events and quit. Quit closed after the pump's check, while it
// waits to send, lets the consumer's select take quit: the pump sends for
// good.
package pollsend

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
			p.events <- i // does not watch quit
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
