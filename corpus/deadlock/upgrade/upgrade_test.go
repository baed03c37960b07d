package upgrade

import (
	"strings"
	"testing"
)

// TestGetMiss looks up a missing key in a goroutine it does not wait for:
// the goroutine deadlocks upgrading its read lock and leaks.
func TestGetMiss(t *testing.T) {
	c := New(strings.ToUpper)
	go c.Get("x")
}
