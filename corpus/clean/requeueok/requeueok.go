// Package requeueok looks like requeue: a single worker drains a buffered
// queue that submitters fill, and a task that fails goes back to be tried
// again. Here the worker keeps its retries in a list of its own and takes
// from the queue only when that list is empty, so it never waits for room
// in the queue it alone drains.
package requeueok

import "sync"

// Task is a unit of work that fails its first Fail attempts.
type Task struct {
	Name string
	Fail int
}

// Queue runs submitted tasks one at a time in its worker.
type Queue struct {
	tasks chan *Task
	mu    sync.Mutex // guards tries, done
	tries map[string]int
	done  []string
}

// New returns a queue holding up to capacity tasks not yet taken.
func New(capacity int) *Queue {
	return &Queue{tasks: make(chan *Task, capacity), tries: map[string]int{}}
}

// Submit queues t, waiting while the queue is full.
func (q *Queue) Submit(t *Task) { q.tasks <- t }

// Work runs n tasks to success; a task that fails is tried again before
// the worker takes another from the queue.
func (q *Queue) Work(n int) {
	var retry []*Task
	for len(q.Done()) < n {
		var t *Task
		if len(retry) > 0 {
			t, retry = retry[0], retry[1:]
		} else {
			t = <-q.tasks
		}
		q.mu.Lock()
		q.tries[t.Name]++
		failed := q.tries[t.Name] <= t.Fail
		if !failed {
			q.done = append(q.done, t.Name)
		}
		q.mu.Unlock()
		if failed {
			retry = append(retry, t)
		}
	}
}

// Tried reports whether a task of that name was taken.
func (q *Queue) Tried(name string) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.tries[name] > 0
}

// Done returns the names of the tasks that succeeded, in order.
func (q *Queue) Done() []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]string(nil), q.done...)
}
