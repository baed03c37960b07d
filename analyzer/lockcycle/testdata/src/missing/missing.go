package missing

import "sync"

type R struct {
	mu sync.Mutex
	m  map[string]int
}

func (r *R) add(k string) bool {
	r.mu.Lock() // want `missing unlock: \(\*missing.R\).mu locked here is still held at the return at missing.go:13:\d+, but released on other paths`
	if _, ok := r.m[k]; ok {
		return false
	}
	r.m[k] = 1
	r.mu.Unlock()
	return true
}

// lockIfPresent returns holding the lock on purpose: its name says so.
func (r *R) lockIfPresent(k string) bool {
	r.mu.Lock()
	if _, ok := r.m[k]; !ok {
		r.mu.Unlock()
		return false
	}
	return true
}
