// Package requeue models a work queue whose single worker puts a task that
// failed back on the queue itself, while submitters put new tasks on it.
// The queue is a buffered channel and the worker is its only reader: when
// a submitter fills the last slot between the worker taking a task and
// putting it back, the worker waits for room that only it would make, and
// every later submitter waits behind it.
package requeue

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

// Work runs tasks until the queue is closed; a task that fails goes back
// on the queue to be tried again.
func (q *Queue) Work() {
	for t := range q.tasks {
		q.mu.Lock()
		q.tries[t.Name]++
		failed := q.tries[t.Name] <= t.Fail
		if !failed {
			q.done = append(q.done, t.Name)
		}
		q.mu.Unlock()
		if failed {
			q.tasks <- t // the bug: the queue's only reader waits for room
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
