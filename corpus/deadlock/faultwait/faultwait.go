// Package faultwait models a container wait under fault injection: the
// daemon's inspect step fails one call in OneIn at random (math/rand's
// Intn), and Wait's error path sends the error on the unbuffered channel
// it has not returned yet. Nobody can hold that channel, so the send
// blocks for good: the leak happens exactly when the draw injects a fault.
package faultwait

import (
	"errors"
	"math/rand"
	"sync"
)

var ErrInjected = errors.New("injected fault")

// Faults fails one call in OneIn (never when OneIn is 0).
type Faults struct{ OneIn int }

func (f Faults) Check() error {
	if f.OneIn > 0 && rand.Intn(f.OneIn) == 0 {
		return ErrInjected
	}
	return nil
}

type Daemon struct {
	faults Faults
	mu     sync.Mutex // guards exits
	exits  map[string]chan int
}

func New(f Faults) *Daemon { return &Daemon{faults: f, exits: map[string]chan int{}} }

// Start registers a running container.
func (d *Daemon) Start(id string) {
	d.mu.Lock()
	d.exits[id] = make(chan int, 1)
	d.mu.Unlock()
}

// Exit ends container id with code.
func (d *Daemon) Exit(id string, code int) {
	d.mu.Lock()
	ch := d.exits[id]
	d.mu.Unlock()
	ch <- code
}

// Wait returns a channel that yields the container's exit code, or the
// error that kept Wait from watching it.
func (d *Daemon) Wait(id string) <-chan error {
	errC := make(chan error) // unbuffered
	if err := d.faults.Check(); err != nil {
		errC <- err // the caller does not have errC yet: blocks for good
		return errC
	}
	d.mu.Lock()
	exitC := d.exits[id]
	d.mu.Unlock()
	go func() {
		if code := <-exitC; code != 0 {
			errC <- errors.New("container failed")
			return
		}
		close(errC)
	}()
	return errC
}
