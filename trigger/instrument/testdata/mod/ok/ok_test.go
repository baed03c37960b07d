package ok

import (
	"sync"
	"testing"
)

func TestPipeline(t *testing.T) {
	if got := Pipeline(4); got != 10 {
		t.Fatalf("Pipeline(4) = %d, want 10", got)
	}
}

func TestCounter(t *testing.T) {
	var c Counter
	var wg sync.WaitGroup
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc()
		}()
	}
	wg.Wait()
	t.Run("get", func(t *testing.T) {
		t.Parallel()
		if c.Get() != 10 {
			t.Fatal(c.Get())
		}
	})
}

func TestFirst(_ *testing.T) {
	a, b := make(chan int), make(chan int, 1)
	close(a)
	b <- 7
	if First(a, b) != 7 {
		panic("first")
	}
}
