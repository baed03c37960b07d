// Package cycle3 models a shop with three locks (stock, orders, billing)
// and three operations that each nest two of them; together the three
// orders form a cycle of length 3.
package cycle3

import "sync"

type Shop struct {
	stockMu, ordersMu, billingMu sync.Mutex
	stock, orders, billed        int
}

// Order reserves stock and records an order: stock -> orders.
func (s *Shop) Order() {
	s.stockMu.Lock()
	defer s.stockMu.Unlock()
	s.stock--
	s.ordersMu.Lock()
	s.orders++
	s.ordersMu.Unlock()
}

// Invoice bills the open orders: orders -> billing.
func (s *Shop) Invoice() {
	s.ordersMu.Lock()
	defer s.ordersMu.Unlock()
	s.billingMu.Lock()
	s.billed += s.orders
	s.billingMu.Unlock()
}

// Refund reverses a bill and returns the item to stock: billing -> stock.
func (s *Shop) Refund() {
	s.billingMu.Lock()
	defer s.billingMu.Unlock()
	s.billed--
	s.stockMu.Lock()
	s.stock++
	s.stockMu.Unlock()
}
