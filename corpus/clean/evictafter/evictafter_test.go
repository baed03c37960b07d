package evictafter

import (
	"sync"
	"testing"
)

func TestEvictCallback(t *testing.T) {
	c := &Cache{cap: 1}
	var mu sync.Mutex
	var evicted []string
	c.OnEvict = func(k string) {
		if c.Len() != 1 {
			t.Errorf("Len in callback = %d; want 1", c.Len())
		}
		mu.Lock()
		evicted = append(evicted, k)
		mu.Unlock()
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.Add("a"); c.Add("b") }()
	go func() { defer wg.Done(); c.Add("c") }()
	wg.Wait()
	if len(evicted) != 2 {
		t.Fatalf("evicted %v; want two keys", evicted)
	}
}
