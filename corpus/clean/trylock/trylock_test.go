package trylock

import (
	"sync"
	"testing"
)

func TestOppositeOrders(t *testing.T) {
	a, b := &Resource{}, &Resource{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); Both(a, b) }()
	go func() { defer wg.Done(); Both(b, a) }()
	wg.Wait()
	if a.users != 2 || b.users != 2 {
		t.Fatalf("users %d, %d; want 2, 2", a.users, b.users)
	}
}
