// Package pool hands out slots of example.com/sem, a package of another
// module: its blocking must be under deadhunt's control too.
package pool

import "example.com/sem"

// Run runs f in each of n goroutines, at most k at once.
func Run(n, k int, f func()) {
	s := sem.New(k)
	done := make(chan struct{})
	for i := 0; i < n; i++ {
		go func() {
			s.Acquire()
			f()
			s.Release()
			done <- struct{}{}
		}()
	}
	for i := 0; i < n; i++ {
		<-done
	}
}
