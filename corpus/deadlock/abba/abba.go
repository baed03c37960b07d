// Package abba transfers money between two accounts, each locking its own
// mutex and then the other's: two opposite transfers deadlock.
package abba

import "sync"

type Account struct {
	mu      sync.Mutex
	balance int
}

// Transfer moves amount from a to b, holding both accounts' locks.
func Transfer(from, to *Account, amount int) {
	from.mu.Lock()
	defer from.mu.Unlock()
	to.mu.Lock() // second lock, in argument order: AB in one call, BA in the other
	defer to.mu.Unlock()
	from.balance -= amount
	to.balance += amount
}
