package c

import (
	"sync"
	"testing"

	"example.com/two/a"
)

func TestCycle(t *testing.T) {
	var s a.S
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); s.One() }()
	go func() { defer wg.Done(); s.Two() }()
	wg.Wait()
}
