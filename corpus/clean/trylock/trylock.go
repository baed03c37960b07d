// Package trylock models two resources locked in either order, where the
// second lock is only tried: on failure everything is released and the
// operation retries, so no goroutine ever waits while holding a lock.
package trylock

import (
	"runtime"
	"sync"
)

type Resource struct {
	mu    sync.Mutex
	users int
}

// Both runs with a and b locked, taking a and then trying b.
func Both(a, b *Resource) {
	for {
		a.mu.Lock()
		if b.mu.TryLock() {
			a.users++
			b.users++
			b.mu.Unlock()
			a.mu.Unlock()
			return
		}
		a.mu.Unlock() // back off: release everything and retry
		runtime.Gosched()
	}
}
