package requeue

import "testing"

// TestRetryWhileSubmitting submits, from one goroutine, a task that
// succeeds and then one that fails once, and from another a third task
// unless its submitter sees it taken already. It returns without waiting;
// a worker blocked on its own queue leaks, with the submitter behind it.
func TestRetryWhileSubmitting(t *testing.T) {
	q := New(1)
	go q.Work()
	go func() {
		q.Submit(&Task{Name: "index"})
		q.Submit(&Task{Name: "flaky", Fail: 1})
	}()
	go func() {
		if !q.Tried("report") {
			q.Submit(&Task{Name: "report"})
		}
	}()
}
