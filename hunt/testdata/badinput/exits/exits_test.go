// Package exits has a test that ends the process with os.Exit.
package exits

import (
	"os"
	"sync"
	"testing"
)

func TestExit(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		mu.Lock()
		mu.Unlock()
	}()
	wg.Wait()
	os.Exit(7)
}
