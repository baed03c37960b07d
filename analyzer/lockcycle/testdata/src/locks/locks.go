// Package locks holds two package-level mutexes shared by sib1 and sib2.
package locks

import "sync"

var A, B sync.Mutex
