// Package bufanswer is the fixed form of deadlock/finishreq: the result
// channels have room for the one answer, so when the timeout wins the
// storage goroutine still completes its send and exits.
package bufanswer

import (
	"errors"
	"time"
)

var ErrTimeout = errors.New("request timed out")

// FinishRequest runs fn, giving up after timeout; done is closed when the
// goroutine running fn has finished.
func FinishRequest(timeout time.Duration, fn func() (string, error)) (res string, err error, done <-chan struct{}) {
	ch := make(chan string, 1)
	errCh := make(chan error, 1)
	fin := make(chan struct{})
	go func() {
		defer close(fin)
		if res, err := fn(); err != nil {
			errCh <- err
		} else {
			ch <- res // never blocks: room for one
		}
	}()
	select {
	case res = <-ch:
	case err = <-errCh:
	case <-time.After(timeout):
		err = ErrTimeout
	}
	return res, err, fin
}
