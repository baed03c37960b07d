package a

import (
	"sync"
	"testing"
)

// Its sites are a's test files': they must not change what c links.
func TestBoth(t *testing.T) {
	var s S
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); s.One() }()
	go func() { defer wg.Done(); s.Two() }()
	wg.Wait()
}
