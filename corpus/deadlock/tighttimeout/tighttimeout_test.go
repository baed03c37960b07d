package tighttimeout

import (
	"testing"
	"time"
)

// TestLookupBudget looks a key up with a 3 µs budget. Lookup returns
// either way; an abandoned lookup goroutine leaks.
func TestLookupBudget(t *testing.T) {
	ix := NewIndex(map[string]int{"a": 1})
	if v, err := ix.Lookup("a", 3*time.Microsecond); err == nil && v != 1 {
		t.Fatalf("got %d", v)
	}
}
