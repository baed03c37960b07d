// Package ordered transfers money between accounts like deadlock/abba, but
// always locks the account with the lower ID first: no cycle can form.
package ordered

import "sync"

type Account struct {
	ID      int
	mu      sync.Mutex
	balance int
}

// Transfer moves amount from a to b, locking in ID order.
func Transfer(from, to *Account, amount int) {
	first, second := from, to
	if second.ID < first.ID {
		first, second = second, first
	}
	first.mu.Lock()
	defer first.mu.Unlock()
	second.mu.Lock()
	defer second.mu.Unlock()
	from.balance -= amount
	to.balance += amount
}
