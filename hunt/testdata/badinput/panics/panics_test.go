// Package panics has a test whose goroutine panics while holding a lock.
package panics

import (
	"sync"
	"testing"
)

func TestPanic(t *testing.T) {
	var mu sync.Mutex
	done := make(chan bool)
	go func() {
		mu.Lock()
		defer mu.Unlock()
		done <- true
	}()
	<-done
	mu.Lock()
	var m map[string]int
	m["boom"] = 1 // assignment to a nil map
	mu.Unlock()
}
