// Package bubble has a test that runs a testing/synctest bubble, whose
// goroutines are outside deadhunt's control, and one that does not: only
// the first is partly controlled.
package bubble

import (
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

func TestInBubble(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		done := make(chan bool)
		go func() {
			time.Sleep(time.Second)
			mu.Lock()
			mu.Unlock()
			done <- true
		}()
		<-done
	})
}

func TestOutside(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		mu.Lock()
		mu.Unlock()
	}()
	wg.Wait()
}
