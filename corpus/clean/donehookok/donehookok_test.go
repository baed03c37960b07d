package donehookok

import (
	"sync"
	"testing"
)

func TestQuiesceWhileCompleting(t *testing.T) {
	c := &Conn{}
	c.Send()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.complete() }()
	go func() { defer wg.Done(); c.Quiesce() }()
	wg.Wait()
	if c.n != 1 || c.status != "done" {
		t.Fatalf("answers %d, status %q; want 1, done", c.n, c.status)
	}
}
