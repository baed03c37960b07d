// Package ordered locks two accounts by ID order: silent.
package ordered

import "sync"

type Account struct {
	ID int
	mu sync.Mutex
}

func Transfer(from, to *Account) { // want Transfer:"lockcycle\\(acquires \\(\\*ordered.Account\\).mu\\)"
	first, second := from, to
	if second.ID < first.ID {
		first, second = second, first
	}
	first.mu.Lock()
	defer first.mu.Unlock()
	second.mu.Lock()
	defer second.mu.Unlock()
}

// Branches orders by branching instead of swapping: both orders appear in
// the one function, so the order does not depend on the arguments alone.
func Branches(a, b *Account) { // want Branches:"lockcycle\\(acquires \\(\\*ordered.Account\\).mu, \\(\\*ordered.Account\\).mu\\)"
	if a.ID < b.ID {
		a.mu.Lock()
		b.mu.Lock()
	} else {
		b.mu.Lock()
		a.mu.Lock()
	}
	a.mu.Unlock()
	b.mu.Unlock()
}
