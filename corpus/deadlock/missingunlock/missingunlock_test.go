package missingunlock

import "testing"

// TestRegisterTwice registers a name twice and then another name, in a
// goroutine it does not wait for: the third call deadlocks and leaks.
func TestRegisterTwice(t *testing.T) {
	r := New()
	go func() {
		_ = r.Register("a")
		_ = r.Register("a") // returns ErrDuplicate, still holding r.mu
		_ = r.Register("b")
	}()
}
