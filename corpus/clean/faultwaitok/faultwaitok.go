// Package faultwaitok is faultwait with moby's fix: the result channel has
// room for one value, so Wait's error path, taken when the fault injector
// (math/rand's Intn) fails the inspect step, stores the error and returns.
// Either draw ends with one value on the channel and nothing blocked.
package faultwaitok

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

// Wait returns a channel that yields the container's exit error (nil for
// code 0), or the error that kept Wait from watching it.
func (d *Daemon) Wait(id string) <-chan error {
	errC := make(chan error, 1) // room for the one result
	if err := d.faults.Check(); err != nil {
		errC <- err
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
