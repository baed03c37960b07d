package rlockflat

import (
	"sync"
	"testing"
)

func TestGetWhileSetting(t *testing.T) {
	c := New()
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); c.Get("port", "80") }()
	go func() { defer wg.Done(); c.Set("port", "8080") }()
	go func() { defer wg.Done(); c.Has("port") }()
	wg.Wait()
	if got := c.Get("port", "80"); got != "8080" {
		t.Fatalf("port = %q; want 8080", got)
	}
}
