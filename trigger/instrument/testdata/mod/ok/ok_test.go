package ok

import (
	"fmt"
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

// TestLoopVar: the module says go 1.20, so a loop has one variable for all
// its iterations; instrumented builds must keep that meaning.
func TestLoopVar(t *testing.T) {
	var mu sync.Mutex
	var fs []func() int
	for i := 0; i < 3; i++ {
		mu.Lock()
		fs = append(fs, func() int { return i })
		mu.Unlock()
	}
	if got := fs[0](); got != 3 {
		t.Errorf("first closure sees %d: per-iteration loop variables (go 1.22) in a go 1.20 module", got)
	}
}

func TestMaps(t *testing.T) {
	l, seen := Tally(map[string]bool{"a": true, "bb": true, "cc": true, "dddd": true})
	if fmt.Sprint(seen) != "[1 2 4]" || len(l) != 2 || Total(l) != 3 {
		t.Fatalf("Tally: %v %v", l, seen)
	}
	var m sync.Map
	m.Store("x", 1)
	m.Store("y", 2)
	if got := fmt.Sprint(Stored(&m)); got != "[x y]" {
		t.Fatalf("Stored: %s", got)
	}
}
