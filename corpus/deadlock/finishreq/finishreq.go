// Package finishreq models an API server handler that runs the storage
// call in a goroutine and waits for its result, its error or a timeout.
// The result channels are unbuffered: when the timeout wins, the storage
// goroutine blocks for good on its send.
package finishreq

import (
	"errors"
	"time"
)

var ErrTimeout = errors.New("request timed out")

// FinishRequest runs fn, giving up after timeout.
func FinishRequest(timeout time.Duration, fn func() (string, error)) (string, error) {
	ch := make(chan string)
	errCh := make(chan error)
	go func() {
		if res, err := fn(); err != nil {
			errCh <- err
		} else {
			ch <- res // nobody receives once the timeout has won
		}
	}()
	select {
	case res := <-ch:
		return res, nil
	case err := <-errCh:
		return "", err
	case <-time.After(timeout):
		return "", ErrTimeout
	}
}
