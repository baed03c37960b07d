// Package guard models a bank of two accounts whose transfers take the
// account locks in opposite orders, but always under a common gate lock,
// so at most one transfer nests them at a time.
package guard

import "sync"

type Bank struct {
	gate       sync.Mutex // held around every operation that nests a and b
	aMu, bMu   sync.Mutex
	aBal, bBal int
}

// AtoB moves amount from a to b, locking a then b.
func (k *Bank) AtoB(amount int) {
	k.gate.Lock()
	defer k.gate.Unlock()
	k.aMu.Lock()
	defer k.aMu.Unlock()
	k.bMu.Lock()
	defer k.bMu.Unlock()
	k.aBal -= amount
	k.bBal += amount
}

// BtoA moves amount from b to a, locking b then a.
func (k *Bank) BtoA(amount int) {
	k.gate.Lock()
	defer k.gate.Unlock()
	k.bMu.Lock()
	defer k.bMu.Unlock()
	k.aMu.Lock()
	defer k.aMu.Unlock()
	k.bBal -= amount
	k.aBal += amount
}

// Balances reads both balances.
func (k *Bank) Balances() (a, b int) {
	k.aMu.Lock()
	a = k.aBal
	k.aMu.Unlock()
	k.bMu.Lock()
	b = k.bBal
	k.bMu.Unlock()
	return a, b
}
