// Package notests has no test files.
package notests

import "sync"

var mu sync.Mutex

// Inc takes a lock that no test exercises.
func Inc(n *int) {
	mu.Lock()
	*n++
	mu.Unlock()
}
