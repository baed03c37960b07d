package tighttimeoutok

import (
	"testing"
	"time"
)

// TestLookupBudget looks a key up with a 1 s budget and checks the answer.
func TestLookupBudget(t *testing.T) {
	ix := NewIndex(map[string]int{"a": 1})
	v, err := ix.Lookup("a", time.Second)
	if err != nil || v != 1 {
		t.Fatalf("got %d, %v", v, err)
	}
}
