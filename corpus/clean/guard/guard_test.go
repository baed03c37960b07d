package guard

import (
	"sync"
	"testing"
)

func TestOppositeTransfers(t *testing.T) {
	k := &Bank{aBal: 100, bBal: 100}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); k.AtoB(10) }()
	go func() { defer wg.Done(); k.BtoA(30) }()
	wg.Wait()
	if a, b := k.Balances(); a != 120 || b != 80 {
		t.Fatalf("balances %d, %d; want 120, 80", a, b)
	}
}
