package drainquitok

import (
	"sync"
	"testing"
)

func TestCloseWithQueued(t *testing.T) {
	s := New(2)
	a, _ := s.Go(21)
	b, _ := s.Go(4)
	s.Close()
	var wg sync.WaitGroup
	var got [2]int
	wg.Add(3)
	go func() { defer wg.Done(); got[0] = <-a }()
	go func() { defer wg.Done(); got[1] = <-b }()
	go func() { defer wg.Done(); s.Loop() }()
	wg.Wait()
	if got != [2]int{42, 8} {
		t.Fatalf("answers %v, want [42 8]", got)
	}
	if _, err := s.Go(1); err != ErrClosed {
		t.Fatalf("Go after Close: %v, want ErrClosed", err)
	}
}
