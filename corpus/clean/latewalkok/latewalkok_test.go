package latewalkok

import "testing"

func TestWalkTree(t *testing.T) {
	w := New()
	collected := make(chan struct{})
	go func() { w.Collect(); close(collected) }()
	w.wg.Add(1)
	go w.WalkDir(300)
	w.WalkLate(1) // the test's goroutine walks the root: it adds before WaitAll starts
	go w.WaitAll()
	<-collected
	if w.total != 301 || w.files != 301 {
		t.Fatalf("total %d files %d, want 301 and 301", w.total, w.files)
	}
}
