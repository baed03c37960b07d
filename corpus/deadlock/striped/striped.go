// Package striped models a striped counter table: a slice of mutexes, each
// guarding the counters that hash to it. Move locks the source stripe then
// the destination stripe.
package striped

import "sync"

type Table struct {
	locks  []sync.Mutex // stripe i guards counts[j] for j%len(locks) == i
	counts []int
}

func New(stripes, n int) *Table {
	return &Table{locks: make([]sync.Mutex, stripes), counts: make([]int, n)}
}

// Move shifts one unit from counter i to counter j (on different stripes).
func (t *Table) Move(i, j int) {
	n := len(t.locks)
	t.locks[i%n].Lock()
	defer t.locks[i%n].Unlock()
	t.locks[j%n].Lock() // source stripe, then destination stripe
	defer t.locks[j%n].Unlock()
	t.counts[i]--
	t.counts[j]++
}

// Get reads counter i.
func (t *Table) Get(i int) int {
	t.locks[i%len(t.locks)].Lock()
	defer t.locks[i%len(t.locks)].Unlock()
	return t.counts[i]
}
