//go:build deadhunt_never

package ok

import "sync"

// Excluded is in no build: the instrumenter must neither rewrite it nor
// trip over its type error.
func Excluded(mu sync.Mutex) int {
	mu.Lock()
	return "not an int"
}
