// Package old is a module written for go 1.16, whose go.mod lists only
// the modules it imports directly (example.com/a, which imports
// example.com/b): tidy at 1.16, not at 1.17 or later, where every module
// providing a package must be listed.
package old

import (
	"sync"

	"example.com/a"
)

var mu sync.Mutex

// Twice counts twice, under mu and under a's lock.
func Twice() int {
	mu.Lock()
	defer mu.Unlock()
	a.Count()
	return a.Count()
}
