// Package condok models a bounded queue built on sync.Cond the correct
// way: the condition is re-checked in a loop around Wait, the state change
// and the Broadcast happen under the Cond's lock, and no other lock is held
// while waiting.
package condok

import "sync"

type Queue struct {
	mu       sync.Mutex
	changed  *sync.Cond
	items    []int
	capacity int
}

func New(capacity int) *Queue {
	q := &Queue{capacity: capacity}
	q.changed = sync.NewCond(&q.mu)
	return q
}

// Put appends v, waiting while the queue is full.
func (q *Queue) Put(v int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == q.capacity {
		q.changed.Wait()
	}
	q.items = append(q.items, v)
	q.changed.Broadcast()
}

// Take removes the oldest item, waiting while the queue is empty.
func (q *Queue) Take() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.changed.Wait()
	}
	v := q.items[0]
	q.items = q.items[1:]
	q.changed.Broadcast()
	return v
}
