// Package proberetry models a container health monitor: every interval it
// runs a probe in a goroutine under a probe timeout (context.WithTimeout)
// and waits for the result, the timeout or stop. On stop it returns without
// draining the unbuffered result channel, so a probe still running blocks
// for good on its send.
package proberetry

import (
	"context"
	"time"
)

// Monitor probes every interval until stop is closed; it reports the number
// of results received.
func Monitor(stop <-chan struct{}, interval, timeout time.Duration, probe func(context.Context) bool) int {
	healthy := 0
	for {
		select {
		case <-stop:
			return healthy
		case <-time.After(interval):
		}
		results := make(chan bool)
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		go func() { results <- probe(ctx) }()
		select {
		case <-stop:
			cancel()
			return healthy // results is not drained: the probe blocks on its send
		case ok := <-results:
			cancel()
			if ok {
				healthy++
			}
		case <-ctx.Done():
			cancel()
			<-results // the probe returns soon after its context ends
		}
	}
}
