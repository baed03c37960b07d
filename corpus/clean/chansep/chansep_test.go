package chansep

import (
	"sync"
	"testing"
)

func TestPipeline(t *testing.T) {
	b, x := &Batch{}, &Index{}
	ch := make(chan *Batch)
	var wg sync.WaitGroup
	wg.Add(2)
	left := -1
	go func() { defer wg.Done(); left = Consume(x, ch) }()
	go func() { defer wg.Done(); Produce(b, x, ch) }()
	wg.Wait()
	if left != 0 {
		t.Fatalf("index count %d after consuming; want 0", left)
	}
}
