package lateend

import (
	"testing"
	"time"
)

// TestCloseReturns closes the store and returns at once: the background
// flush ends 1 ms after the test has returned.
func TestCloseReturns(t *testing.T) {
	var s Store
	s.Close(3, time.Millisecond)
}
