package ordered

import (
	"sync"
	"testing"
)

func TestTransfer(t *testing.T) {
	a, b := &Account{ID: 1, balance: 100}, &Account{ID: 2, balance: 100}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); Transfer(a, b, 10) }()
	go func() { defer wg.Done(); Transfer(b, a, 20) }()
	wg.Wait()
	if a.balance != 110 || b.balance != 90 {
		t.Fatalf("balances %d, %d; want 110, 90", a.balance, b.balance)
	}
}
