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

// handoff passes the held lock to a goroutine that releases it.
func (r *R) handoff(k string) {
	r.mu.Lock()
	if _, ok := r.m[k]; ok {
		r.mu.Unlock()
		return
	}
	go r.finishAndUnlock(k)
}

func (r *R) finishAndUnlock(k string) {
	r.m[k] = 2
	r.mu.Unlock()
}
