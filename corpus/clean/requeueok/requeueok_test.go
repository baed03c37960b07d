package requeueok

import (
	"slices"
	"sync"
	"testing"
)

// TestRetryWhileSubmitting submits, from one goroutine, a task that
// succeeds and then one that fails once, and from another a third task
// unless its submitter sees it taken already; it waits for the worker to
// finish them all.
func TestRetryWhileSubmitting(t *testing.T) {
	q := New(1)
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		q.Work(3)
	}()
	go func() {
		defer wg.Done()
		q.Submit(&Task{Name: "index"})
		q.Submit(&Task{Name: "flaky", Fail: 1})
	}()
	go func() {
		defer wg.Done()
		if !q.Tried("report") {
			q.Submit(&Task{Name: "report"})
		}
	}()
	wg.Wait()
	got := q.Done()
	slices.Sort(got)
	if !slices.Equal(got, []string{"flaky", "index", "report"}) {
		t.Errorf("done %v, want flaky, index and report", got)
	}
}
