package sameclass

import "sync"

type Account struct {
	mu      sync.Mutex
	balance int
	parent  *Account
	kids    []*Account
}

func transfer(from, to *Account, n int) {
	from.mu.Lock()
	defer from.mu.Unlock()
	to.mu.Lock() // want `lock order cycle: \(\*sameclass.Account\).mu of from held while acquiring \(\*sameclass.Account\).mu of to; the order depends on the arguments`
	defer to.mu.Unlock()
	from.balance -= n
	to.balance += n
}

func (a *Account) give(to *Account) {
	a.mu.Lock()
	defer a.mu.Unlock()
	to.deposit(1) // want `lock order cycle: \(\*sameclass.Account\).mu of a held while acquiring \(\*sameclass.Account\).mu of to via \(\*sameclass.Account\).deposit`
}

func (a *Account) deposit(n int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.balance += n
}

// Parent then child here, child then parent in withParent: two goroutines
// walking the tree in opposite directions deadlock (same-class nesting).
func (a *Account) sumKids() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := a.balance
	for _, k := range a.kids {
		k.mu.Lock() // want `same-class nesting: \(\*sameclass.Account\).mu held while acquiring \(\*sameclass.Account\).mu through .kids\[\*\] of the held one; the opposite direction at sameclass.go:50:\d+ \(through .parent of the held one\)`
		s += k.balance
		k.mu.Unlock()
	}
	return s
}

func (a *Account) withParent() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.parent.mu.Lock()
	a.parent.mu.Unlock()
}
