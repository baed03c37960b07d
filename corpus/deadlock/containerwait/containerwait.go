// Package containerwait models waiting for a container with a context: a
// goroutine waits for the container to exit and sends the result on an
// unbuffered channel; the caller returns when its context is cancelled
// first, and nobody takes the result.
package containerwait

import (
	"context"
	"sync"
)

type Container struct {
	mu     sync.Mutex // guards logs
	logs   []string
	exited chan int
}

func New() *Container { return &Container{exited: make(chan int, 1)} }

// Log appends a line to the container's log.
func (c *Container) Log(line string) {
	c.mu.Lock()
	c.logs = append(c.logs, line)
	c.mu.Unlock()
}

// Exit ends the container with code.
func (c *Container) Exit(code int) { c.exited <- code }

// Wait returns the container's exit code, or ctx's error if ctx ends first.
func Wait(ctx context.Context, c *Container) (int, error) {
	resC := make(chan int) // unbuffered
	go func() {
		resC <- <-c.exited // blocks for good once Wait has returned
	}()
	select {
	case code := <-resC:
		return code, nil
	case <-ctx.Done():
		return -1, ctx.Err()
	}
}
