package old

import "testing"

func TestTwice(t *testing.T) {
	done := make(chan int)
	go func() { done <- Twice() }()
	if n := <-done; n != 2 {
		t.Fatalf("Twice = %d, want 2", n)
	}
}
