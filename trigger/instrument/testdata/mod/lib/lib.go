// Package lib is imported by ok's tests: as a dependency in the tested
// module, it must be instrumented too.
package lib

import "sync"

var mu sync.Mutex

// Locked runs f holding mu.
func Locked(f func()) {
	mu.Lock()
	defer mu.Unlock()
	f()
}
