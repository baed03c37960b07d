// Package latewalkok is latewalk fixed: WalkLate adds to the WaitGroup
// before starting the goroutine, while the caller's own count (the walk
// it is part of) keeps the counter above zero.
package latewalkok

import "sync"

type Walker struct {
	wg     sync.WaitGroup
	sizes  chan int // unbuffered
	done   chan struct{}
	filesM sync.Mutex // guards files
	files  int
	total  int // Collect's sum
}

func New() *Walker { return &Walker{sizes: make(chan int), done: make(chan struct{})} }

// Collect sums the subdirectories' sizes until the walk is over.
func (w *Walker) Collect() {
	for {
		select {
		case n := <-w.sizes:
			w.total += n
		case <-w.done:
			return
		}
	}
}

// WaitAll waits for the subdirectories, then ends the collection.
func (w *Walker) WaitAll() {
	w.wg.Wait()
	close(w.done)
}

// WalkDir walks a subdirectory of n files, counted by the caller's Add.
func (w *Walker) WalkDir(n int) {
	defer w.wg.Done()
	for range n {
		w.countFile()
	}
	w.sizes <- n
}

// WalkLate walks a subdirectory found while the walk was under way,
// counted before its goroutine starts.
func (w *Walker) WalkLate(n int) {
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		for range n {
			w.countFile()
		}
		w.sizes <- n
	}()
}

func (w *Walker) countFile() {
	w.filesM.Lock()
	w.files++
	w.filesM.Unlock()
}
