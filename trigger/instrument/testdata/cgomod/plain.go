package cgomod

// Locked runs f holding mu.
func Locked(f func()) {
	mu.Lock()
	defer mu.Unlock()
	f()
}
