package rlockerfieldok

import (
	"sync"
	"testing"
)

func TestSumWhilePutting(t *testing.T) {
	x := New()
	var wg sync.WaitGroup
	var sum int
	wg.Add(2)
	go func() { defer wg.Done(); sum = x.Sum("a", "b") }()
	go func() { defer wg.Done(); x.Put("c", 3) }()
	wg.Wait()
	if sum != 3 || x.m["c"] != 3 {
		t.Fatalf("sum %d, c %d; want 3, 3", sum, x.m["c"])
	}
}
