package retryloopok

import (
	"context"
	"errors"
	"testing"
)

var errRefused = errors.New("connection refused")

// TestDialGivesUp dials while another goroutine cancels the dial's
// context; a connection it got is closed, and a failed dial closed its own.
func TestDialGivesUp(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go cancel()
	c, err := Dial(ctx, func(context.Context) error { return errRefused })
	if err == nil {
		c.Close()
	}
}
