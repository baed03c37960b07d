// Package selfblock has a test whose own goroutine blocks for good: every
// goroutine is asleep.
package selfblock

import (
	"sync"
	"testing"
)

func TestSelfRecv(t *testing.T) {
	var mu sync.Mutex
	ch := make(chan int)
	go func() {
		mu.Lock()
		mu.Unlock()
	}()
	mu.Lock()
	<-ch // nobody ever sends
	mu.Unlock()
}
