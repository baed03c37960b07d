// Package philo4 models four dining philosophers: each picks up the fork on
// the left, then the fork on the right. If all four hold their left fork,
// none can get the right one.
package philo4

import "sync"

type Table struct {
	forks []sync.Mutex
	meals []int
}

func New(n int) *Table { return &Table{forks: make([]sync.Mutex, n), meals: make([]int, n)} }

// Dine lets philosopher i eat once.
func (t *Table) Dine(i int) {
	left, right := i, (i+1)%len(t.forks)
	t.forks[left].Lock()
	defer t.forks[left].Unlock()
	t.forks[right].Lock()
	defer t.forks[right].Unlock()
	t.meals[i]++ // meals[i] is only touched by philosopher i
}
