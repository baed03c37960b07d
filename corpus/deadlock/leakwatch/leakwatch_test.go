package leakwatch

import "testing"

// TestFirstChange reads the first change and returns without Stop: the
// forwarder blocks for good sending the second change, after the test has
// returned (a leak goleak would report).
func TestFirstChange(t *testing.T) {
	w := Watch([]string{"a", "b"})
	if got := <-w.Changes(); got != "a" {
		t.Errorf("first change = %q, want a", got)
	}
}
