package helperlock

import "testing"

// TestAllowEmpty asks an empty limiter for a token in a goroutine it does
// not wait for: the goroutine deadlocks in Refill and leaks.
func TestAllowEmpty(t *testing.T) {
	l := &Limiter{max: 3}
	go l.Allow()
}
