package faultwaitok

import (
	"sync"
	"testing"
)

func TestWaitWithFaults(t *testing.T) {
	d := New(Faults{OneIn: 2})
	d.Start("web")
	var wg sync.WaitGroup
	var err error
	wg.Add(2)
	go func() { defer wg.Done(); err = <-d.Wait("web") }()
	go func() { defer wg.Done(); d.Exit("web", 0) }()
	wg.Wait()
	if err != nil && err != ErrInjected {
		t.Fatalf("Wait: %v, want nil or the injected fault", err)
	}
}
