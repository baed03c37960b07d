// Package retryloopok is the fix of deadlock/retryloop: a client
// connection whose transport reconnects in a goroutine until the
// connection is closed, and whose Dial closes the connection it started
// when it fails, which ends the loop.
package retryloopok

import (
	"context"
	"errors"
	"time"
)

// ErrCanceled is Dial's error when its context is done.
var ErrCanceled = errors.New("retryloopok: dial canceled")

// Conn is a connection whose transport a goroutine keeps reconnecting.
type Conn struct {
	ctx    context.Context
	cancel context.CancelFunc
}

// Dial starts the connection's reconnect loop with connect, unless ctx is
// done, in which case it fails.
func Dial(ctx context.Context, connect func(context.Context) error) (*Conn, error) {
	c := &Conn{}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	go c.reconnect(connect)
	select {
	case <-ctx.Done():
		c.Close() // ends the loop
		return nil, ErrCanceled
	default:
	}
	return c, nil
}

// reconnect tries connect under a short timeout until it succeeds or the
// connection is closed, backing off a microsecond more after each failure.
func (c *Conn) reconnect(connect func(context.Context) error) {
	for try := 1; ; try++ {
		attempt, cancel := context.WithTimeout(c.ctx, time.Millisecond)
		err := connect(attempt)
		cancel()
		if err == nil {
			return
		}
		select {
		case <-time.After(time.Duration(try) * time.Microsecond):
		case <-c.ctx.Done():
			return
		}
	}
}

// Close stops the reconnect loop.
func (c *Conn) Close() { c.cancel() }
