package cycle3

import "testing"

// TestShop runs the three operations concurrently. It returns without
// waiting; deadlocked goroutines leak.
func TestShop(t *testing.T) {
	s := &Shop{stock: 10}
	go s.Order()
	go s.Invoice()
	go s.Refund()
}
