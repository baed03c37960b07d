package retryafterok

import (
	"testing"
	"time"
)

// TestCallRetries: the first request is dropped, its 1 ms timeout fires
// with the worker waiting for the next request, and the resend is
// answered.
func TestCallRetries(t *testing.T) {
	w := Start()
	defer w.Stop()
	timeout := time.After(time.Millisecond)
	for n := 1; ; n++ {
		w.reqs <- 1
		select {
		case a := <-w.answers:
			if a != 2 || n < 2 {
				t.Errorf("answer %d after %d sends, want 2 after 2 or more", a, n)
			}
			return
		case <-timeout:
			timeout = time.After(time.Millisecond)
		}
	}
}
