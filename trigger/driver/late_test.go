package driver

import (
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// A recorded run in which a goroutine outside a cycle's target closes a
// channel a target goroutine polls (a select with a default) marks the
// target Late; a closer among the targets, or a plain receive, does not.
func TestStoppedByOutsider(t *testing.T) {
	const head = `deadhunt-trace 1
run 1 TestT
site 1 p_test.go:12:2 f
site 2 p_test.go:14:2 f
site 3 p_test.go:15:2 f
site 4 p.go:74:3 Run
site 5 p_test.go:15:10 f
go 1 2 1
go 1 3 2
go 1 4 3
`
	k := TestKey{"p", "TestT"}
	target := wire.Target{Goroutines: []string{"p_test.go:12:2", "p_test.go:14:2"}}
	for _, c := range []struct {
		name, events string
		want         bool
	}{
		{"stopper outside", "comm 2 4 266 1\ncomm 4 5 16 1\n", true},
		{"closer among the targets", "comm 2 4 266 1\ncomm 3 5 16 1\n", false},
		{"a plain receive, no poll", "comm 2 4 258 1\ncomm 4 5 16 1\n", false},
		{"another channel closed", "comm 2 4 266 1\ncomm 4 5 16 2\n", false},
	} {
		pr := &Predictions{Touched: map[TestKey]map[string]bool{}, acqs: map[TestKey][]*runCounts{}}
		pr.touch("p", []byte(head+c.events))
		if got := pr.stopped(k, target); got != c.want {
			t.Errorf("%s: stopped %v, want %v", c.name, got, c.want)
		}
	}
}
