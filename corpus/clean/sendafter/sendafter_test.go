package sendafter

import (
	"sync"
	"testing"
)

func TestRunWatched(t *testing.T) {
	j := New()
	var wg sync.WaitGroup
	wg.Add(2)
	last := 0
	go func() { defer wg.Done(); last = j.Watch() }()
	go func() { defer wg.Done(); j.Run(3) }()
	wg.Wait()
	if last != 3 {
		t.Fatalf("watcher saw status %d last; want 3", last)
	}
}
