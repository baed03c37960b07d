package cgomod

// static int twice(int x) { return 2 * x; }
import "C"

import "sync"

var mu sync.Mutex

// Twice doubles x in C, holding mu.
func Twice(x int) int {
	mu.Lock()
	defer mu.Unlock()
	return int(C.twice(C.int(x)))
}
