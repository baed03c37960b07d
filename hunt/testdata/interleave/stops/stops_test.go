package stops

import (
	"sync"
	"testing"
)

// TestAlone starts no goroutine: one run covers it.
func TestAlone(t *testing.T) {
	var mu sync.Mutex
	for range 3 {
		mu.Lock()
		mu.Unlock()
	}
}

// TestShareNothing: three workers each count under their own mutex and
// hand their results to the test over their own channel; nothing they
// order is shared, so every schedule is the same up to commuting
// independent steps.
func TestShareNothing(t *testing.T) {
	var results []chan int
	for range 3 {
		ch := make(chan int)
		results = append(results, ch)
		go func() {
			var mu sync.Mutex
			n := 0
			for range 4 {
				mu.Lock()
				n++
				mu.Unlock()
			}
			ch <- n
		}()
	}
	for _, ch := range results {
		if n := <-ch; n != 4 {
			t.Fatalf("n = %d", n)
		}
	}
}

// TestOneMutexTwice: two goroutines take one mutex twice each: 4!/(2!·2!)
// = 6 orderings of the critical sections.
func TestOneMutexTwice(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for range 2 {
		wg.Go(func() {
			for range 2 {
				mu.Lock()
				n++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if n != 4 {
		t.Fatalf("n = %d", n)
	}
}
