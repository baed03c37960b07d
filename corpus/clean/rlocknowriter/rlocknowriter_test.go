package rlocknowriter

import (
	"sync"
	"testing"
)

func TestConcurrentLookups(t *testing.T) {
	r := New(map[string]string{"/": "index", "/a": "about"})
	paths := []string{"/", "/a", "/x", "/"}
	got := make([]string, len(paths))
	var wg sync.WaitGroup
	for i, p := range paths {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = r.Lookup(p) }()
	}
	wg.Wait()
	want := []string{"index", "about", "404", "index"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Lookup(%q) = %q; want %q", paths[i], got[i], want[i])
		}
	}
}
