package assertlockok

import (
	"sync"
	"testing"
)

func TestTouchWhileClosing(t *testing.T) {
	r := &Registry{byID: map[int]any{}}
	s := &Session{id: 1}
	r.Add(s)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); r.Touch(1) }()
	go func() { defer wg.Done(); s.Close() }()
	wg.Wait()
	if len(r.byID) != 0 {
		t.Fatalf("%d sessions left; want 0", len(r.byID))
	}
}
