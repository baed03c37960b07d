package latewalk

import "testing"

// TestWalkTree walks a tree of two subdirectories: one of 300 files,
// counted before its goroutine starts, and one of a single file found
// later. It returns without waiting; a late walker left sending leaks.
func TestWalkTree(t *testing.T) {
	w := New()
	go w.Collect()
	w.wg.Add(1)
	go w.WalkDir(300)
	go w.WaitAll()
	w.WalkLate(1)
}
