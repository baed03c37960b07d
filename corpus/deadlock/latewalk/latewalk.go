// Package latewalk models a concurrent directory walker that counts its
// subdirectory goroutines in one WaitGroup, some of them from inside the
// goroutine. A waiter waits for the walk while the first subdirectory is
// still being walked; if that walk ends before the late subdirectory's
// goroutine adds itself, the Wait returns, the collector stops, and the
// late goroutine waits for good to report its size.
package latewalk

import "sync"

type Walker struct {
	wg     sync.WaitGroup
	sizes  chan int // unbuffered
	done   chan struct{}
	filesM sync.Mutex // guards files: bookkeeping unrelated to the bug
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

// WalkLate walks a subdirectory found while the walk was under way on a
// goroutine of its own.
func (w *Walker) WalkLate(n int) { go w.walkLate(n) }

// walkLate counts itself, after WaitAll's Wait may have started, when the
// counter may already be zero.
func (w *Walker) walkLate(n int) {
	w.wg.Add(1)
	defer w.wg.Done()
	for range n {
		w.countFile()
	}
	w.sizes <- n
}

func (w *Walker) countFile() {
	w.filesM.Lock()
	w.files++
	w.filesM.Unlock()
}
