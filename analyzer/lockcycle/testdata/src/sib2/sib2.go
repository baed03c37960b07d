// Package sib2 takes locks.B then locks.A; it does not import sib1.
package sib2

import "locks"

func BA() {
	locks.B.Lock()
	locks.A.Lock()
	locks.A.Unlock()
	locks.B.Unlock()
}
