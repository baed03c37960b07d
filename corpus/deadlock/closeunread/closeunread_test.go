package closeunread

import (
	"context"
	"os"
	"testing"
	"time"
)

// TestCloseAfterFirstResult submits two jobs, reads one result and closes
// the pool, failing if Close has not returned before a one-second context
// deadline. The second result is never read, so Close never returns: the
// test fails in every run, plain go test included, so it runs only under
// deadhunt (DEADHUNT_CONFIG set).
func TestCloseAfterFirstResult(t *testing.T) {
	if os.Getenv("DEADHUNT_CONFIG") == "" {
		t.Skip("fails by design (its deadline): run it with deadhunt confirm")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	p := New(2)
	p.Submit(1)
	p.Submit(2)
	<-p.Results()
	closed := make(chan struct{})
	go func() {
		p.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-ctx.Done():
		t.Fatalf("Close: %v", ctx.Err())
	}
}
