// Package senddeadline models a handler that checks its request's deadline
// before it answers: a request past its deadline is dropped by closing the
// answer channel, otherwise the answer is sent. Only the handler looks at
// the deadline; the caller waits for the handler's decision, so the send
// always has a receiver.
package senddeadline

import (
	"context"
	"time"
)

// Handle does work taking d, then answers on the returned channel unless ctx
// has expired by then; the channel is closed after the answer or instead of it.
func Handle(ctx context.Context, d time.Duration) <-chan string {
	answer := make(chan string)
	go func() {
		defer close(answer)
		time.Sleep(d)
		if ctx.Err() != nil {
			return // deadline checked before the send: drop the answer
		}
		answer <- "ok" // the caller is waiting on answer
	}()
	return answer
}

// Call waits for the handler's answer; ok is false if it was dropped.
func Call(ctx context.Context, d time.Duration) (string, bool) {
	a, ok := <-Handle(ctx, d)
	return a, ok
}
