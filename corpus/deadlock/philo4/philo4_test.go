package philo4

import "testing"

// TestDinner seats four philosophers at once. It returns without waiting;
// deadlocked goroutines leak.
func TestDinner(t *testing.T) {
	tb := New(4)
	for i := range 4 {
		go tb.Dine(i)
	}
}
