package condlock

import "testing"

// TestTakePut runs a consumer and a producer concurrently. It returns
// without waiting; deadlocked goroutines leak.
func TestTakePut(t *testing.T) {
	s := New("jobs")
	go s.Take("jobs")
	go s.Put("jobs", "build")
}
