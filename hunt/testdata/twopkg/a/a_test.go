package a

import (
	"sync"
	"testing"
)

func TestCycle(t *testing.T) {
	var s S
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); s.One() }()
	go func() { defer wg.Done(); s.Two() }()
	wg.Wait()
}
