// Package ok exercises every rewritten construct under a real build.
package ok

import (
	"sort"
	"sync"
	"time"
)

type Counter struct {
	sync.Mutex
	rw    sync.RWMutex
	n     int
	byKey map[string]*sync.Mutex
}

func (c *Counter) Inc() {
	c.Lock()
	defer c.Unlock()
	c.n++
}

func (c *Counter) Get() int {
	c.rw.RLock()
	defer c.rw.RUnlock()
	return c.n
}

// Pipeline sends n values through a goroutine and sums them.
func Pipeline(n int) int {
	in, out := make(chan int), make(chan int, 1)
	var wg sync.WaitGroup
	wg.Add(1)
	go func(k int) {
		defer wg.Done()
		sum := 0
		for v := range in {
			sum += v * k
		}
		out <- sum
	}(1)
	for i := 1; i <= n; i++ {
		in <- i
	}
	close(in)
	wg.Wait()
	return <-out
}

// First returns the first value to arrive, or -1 after a timeout.
func First(a, b chan int) int {
	timeout := time.After(time.Second)
Loop:
	for {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				continue Loop
			}
			return v
		case v := <-b:
			return v
		case <-timeout:
			break Loop
		}
	}
	return -1
}

// Lengths counts words by length.
type Lengths map[int]int

// Tally counts the words by length, returns the lengths seen, sorted, and
// keeps the counts of lengths up to 3.
func Tally(words map[string]bool) (Lengths, []int) {
	l := Lengths{}
	for w := range words {
		l[len(w)]++
	}
	var seen []int
	for n, c := range l {
		if c > 0 {
			seen = append(seen, n)
		}
	}
	sort.Ints(seen)
	for n := range l {
		if n > 3 {
			delete(l, n)
		}
	}
	return l, seen
}

// Total sums a map's values, whatever its type.
func Total[M ~map[K]int, K comparable](m M) (n int) {
	for _, v := range m {
		n += v
	}
	return n
}

// Stored returns the keys of a sync.Map, sorted.
func Stored(m *sync.Map) []string {
	var ks []string
	m.Range(func(k, _ any) bool {
		ks = append(ks, k.(string))
		return true
	})
	sort.Strings(ks)
	return ks
}
