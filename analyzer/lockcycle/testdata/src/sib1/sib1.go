// Package sib1 takes locks.A then locks.B.
package sib1

import "locks"

func AB() {
	locks.A.Lock()
	locks.B.Lock()
	locks.B.Unlock()
	locks.A.Unlock()
}
