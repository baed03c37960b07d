// Package heapcheck has a test that checks its own heap, as go-deadlock's
// TestOrderMapGC does: objects holding every kind of synchronization are
// used by goroutines, dropped and collected, and the heap in use must be
// small again. Instrumentation that keeps the objects alive fails it.
package heapcheck

import (
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"
)

// heavy is a megabyte with a primitive of each kind inside.
type heavy struct {
	mu   sync.Mutex
	rw   sync.RWMutex
	wg   sync.WaitGroup
	once sync.Once
	cond *sync.Cond
	ch   chan int
	data [1 << 20]byte
}

// use has two goroutines lock, read-lock, signal, send and run a Once on
// h, and waits for them.
func use(h *heavy) {
	h.cond = sync.NewCond(&h.mu)
	h.ch = make(chan int)
	ready := false
	h.wg.Add(2)
	go func() {
		defer h.wg.Done()
		h.mu.Lock()
		for !ready {
			h.cond.Wait()
		}
		h.mu.Unlock()
		v := <-h.ch
		h.rw.RLock()
		h.data[1] = byte(v)
		h.rw.RUnlock()
	}()
	go func() {
		defer h.wg.Done()
		h.once.Do(func() { h.data[2] = 1 })
		h.mu.Lock()
		ready = true
		h.cond.Signal()
		h.mu.Unlock()
		h.rw.Lock()
		h.data[3] = 1
		h.rw.Unlock()
		h.ch <- 1
	}()
	h.wg.Wait()
}

// TestHeapAfterDrop uses 48 such objects one after another and drops
// them: after two collections the heap in use must be under 20 MB. The
// figure is also appended to the file $HEAPCHECK_OUT names, if any (the
// instrumentation-memory benchmark reads it).
func TestHeapAfterDrop(t *testing.T) {
	for i := 0; i < 48; i++ {
		h := &heavy{}
		h.data[0] = byte(i)
		use(h)
	}
	if n := heapInuse("drop"); n > 20<<20 {
		t.Errorf("heap in use %d MB after dropping every object, want under 20 MB", n>>20)
	}
}

// entry is a cache entry: a lock and a kilobyte of payload.
type entry struct {
	mu  sync.Mutex
	val [1024]byte
}

// TestHeapLive keeps a working set of 10,000 entries, each locked by one
// of four goroutines, and measures the heap in use while they are live:
// what instrumentation adds per object it models.
func TestHeapLive(t *testing.T) {
	es := make([]*entry, 10000)
	for i := range es {
		es[i] = &entry{}
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(es); i += 4 {
				es[i].mu.Lock()
				es[i].val[0]++
				es[i].mu.Unlock()
			}
		}()
	}
	wg.Wait()
	heapInuse("live")
	runtime.KeepAlive(es)
}

// heapInuse collects twice and returns the heap in use, appending
// "name bytes" to the file $HEAPCHECK_OUT names, if any (the
// instrumentation-memory benchmark reads it).
func heapInuse(name string) uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if out := os.Getenv("HEAPCHECK_OUT"); out != "" {
		if f, err := os.OpenFile(out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			f.WriteString(name + " " + strconv.FormatUint(ms.HeapInuse, 10) + "\n")
			f.Close()
		}
	}
	return ms.HeapInuse
}
