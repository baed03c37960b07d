// Package consistent models an inventory and an order book that are always
// locked in the same order (inventory, then orders), from every path.
package consistent

import "sync"

type Shop struct {
	invMu   sync.Mutex
	stock   int
	orderMu sync.Mutex
	orders  int
}

// Order takes one item from stock and records an order.
func (s *Shop) Order() bool {
	s.invMu.Lock()
	defer s.invMu.Unlock()
	if s.stock == 0 {
		return false
	}
	s.stock--
	s.orderMu.Lock()
	s.orders++
	s.orderMu.Unlock()
	return true
}

// Cancel undoes an order; it too locks inventory first.
func (s *Shop) Cancel() {
	s.invMu.Lock()
	defer s.invMu.Unlock()
	s.orderMu.Lock()
	defer s.orderMu.Unlock()
	if s.orders > 0 {
		s.orders--
		s.stock++
	}
}

// Counts reads stock and orders in the same order.
func (s *Shop) Counts() (stock, orders int) {
	s.invMu.Lock()
	defer s.invMu.Unlock()
	s.orderMu.Lock()
	defer s.orderMu.Unlock()
	return s.stock, s.orders
}
