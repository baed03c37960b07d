// Package leak has tests that leak a goroutine waiting for an hour.
package leak

import (
	"sync"
	"testing"
	"time"
)

func TestLeakSleep(t *testing.T) {
	var mu sync.Mutex
	n := 0
	go func() {
		mu.Lock()
		n++
		mu.Unlock()
		time.Sleep(time.Hour)
	}()
	mu.Lock()
	n++
	mu.Unlock()
}

func TestLeakTimer(t *testing.T) {
	ch := make(chan int)
	go func() {
		select {
		case <-time.After(time.Hour):
		case ch <- 1:
		}
	}()
	time.Sleep(time.Millisecond)
}
