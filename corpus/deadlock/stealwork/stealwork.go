// Package stealwork models work stealing: an idle worker picks a victim
// with math/rand/v2's IntN and, holding its own queue's lock, locks the
// victim's queue to move half of its tasks over. Two idle workers that
// pick each other lock the two queues in opposite orders.
package stealwork

import (
	"math/rand/v2"
	"sync"
)

type Worker struct {
	mu    sync.Mutex // guards tasks
	tasks []int
	pool  *Pool
}

type Pool struct{ workers []*Worker }

// NewPool returns a pool of n workers, each with tasks tasks queued.
func NewPool(n, tasks int) *Pool {
	p := &Pool{}
	for range n {
		p.workers = append(p.workers, &Worker{tasks: make([]int, tasks), pool: p})
	}
	return p
}

// Worker returns the i-th worker.
func (p *Pool) Worker(i int) *Worker { return p.workers[i] }

// Steal moves half of a random victim's tasks to w's queue and returns
// how many it moved.
func (w *Worker) Steal() int {
	v := w.pool.workers[rand.IntN(len(w.pool.workers))]
	if v == w {
		return 0
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	v.mu.Lock() // w.mu held: two workers stealing from each other cross
	defer v.mu.Unlock()
	n := len(v.tasks) / 2
	w.tasks = append(w.tasks, v.tasks[len(v.tasks)-n:]...)
	v.tasks = v.tasks[:len(v.tasks)-n]
	return n
}
