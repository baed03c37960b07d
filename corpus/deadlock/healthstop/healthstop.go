// Package healthstop models a container health monitor: a time.After-driven
// probe loop records each result under the container lock, and a state
// change (the container stopped) holds the container lock while it tells
// the monitor to stop on an unbuffered channel.
package healthstop

import (
	"sync"
	"time"
)

type Container struct {
	mu      sync.Mutex // guards health, running
	health  string
	running bool
	stop    chan struct{}
}

func New() *Container { return &Container{running: true, stop: make(chan struct{})} }

// Monitor probes every interval until told to stop.
func (c *Container) Monitor(interval time.Duration) {
	for {
		select {
		case <-c.stop:
			return
		case <-time.After(interval):
			c.handleProbeResult("healthy")
		}
	}
}

func (c *Container) handleProbeResult(h string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.health = h
}

// StateChanged records that the container stopped and stops its monitor.
func (c *Container) StateChanged() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.running = false
	c.stop <- struct{}{} // sent holding c.mu
}
