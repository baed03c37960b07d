package begincmdsok

import (
	"context"
	"sync"
	"testing"
)

func TestBeginCancelled(t *testing.T) {
	r := New()
	ctx, cancel := context.WithCancel(context.Background())
	var helpers, wg sync.WaitGroup
	helpers.Add(2)
	wg.Add(2)
	var err error
	go func() { defer wg.Done(); err = r.BeginCmds(ctx, 2, func() { helpers.Done() }) }()
	go func() { defer wg.Done(); cancel() }()
	wg.Wait()
	helpers.Wait() // every helper reported: none is left blocked
	if err != nil && err != context.Canceled {
		t.Fatalf("BeginCmds: %v", err)
	}
}
