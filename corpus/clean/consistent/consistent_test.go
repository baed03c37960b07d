package consistent

import (
	"sync"
	"testing"
)

func TestOrderCancel(t *testing.T) {
	s := &Shop{stock: 5}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(2)
		go func() { defer wg.Done(); s.Order() }()
		go func() { defer wg.Done(); s.Cancel() }()
	}
	wg.Wait()
	if stock, orders := s.Counts(); stock+orders != 5 {
		t.Fatalf("stock %d + orders %d != 5", stock, orders)
	}
}
