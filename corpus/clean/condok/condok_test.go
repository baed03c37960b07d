package condok

import (
	"sync"
	"testing"
)

func TestProducerConsumer(t *testing.T) {
	q := New(1)
	var wg sync.WaitGroup
	wg.Add(2)
	sum := 0
	go func() {
		defer wg.Done()
		for i := 1; i <= 10; i++ {
			q.Put(i)
		}
	}()
	go func() {
		defer wg.Done()
		for range 10 {
			sum += q.Take()
		}
	}()
	wg.Wait()
	if sum != 55 {
		t.Fatalf("consumed sum %d; want 55", sum)
	}
}
