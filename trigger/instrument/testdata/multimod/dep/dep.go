// Package dep is a module of its own, replaced by its directory in main's
// go.mod: the user's code, to be instrumented with main's.
package dep

import "sync"

var mu sync.Mutex

// Locked runs f holding mu.
func Locked(f func()) {
	mu.Lock()
	defer mu.Unlock()
	f()
}
