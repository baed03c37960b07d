// Package initonly models package-level defaults loaded by init, which
// nests the defaults lock then the registry lock; at run time Register
// nests them the other way. init finishes before any other code of the
// package runs, so the two orders never overlap.
package initonly

import "sync"

var (
	defaultsMu sync.Mutex
	defaults   = map[string]int{}
	registryMu sync.Mutex
	registry   = map[string]int{}
)

func init() {
	defaultsMu.Lock()
	defer defaultsMu.Unlock()
	defaults["timeout"] = 30
	registryMu.Lock() // defaultsMu -> registryMu, only during init
	for k, v := range defaults {
		registry[k] = v
	}
	registryMu.Unlock()
}

// Register sets key, falling back to its default when v is zero.
func Register(key string, v int) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if v == 0 {
		defaultsMu.Lock() // registryMu -> defaultsMu
		v = defaults[key]
		defaultsMu.Unlock()
	}
	registry[key] = v
}

// Lookup reads key from the registry.
func Lookup(key string) int {
	registryMu.Lock()
	defer registryMu.Unlock()
	return registry[key]
}
