package driver

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deadhunt/deadhunt/predict"
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

// A loop's receiver (made at p.go:10:2) and the goroutine the test starts
// that closes its channel after taking a lock at p.go:30:3, which the
// receiver takes after it at p.go:25:3: the stopper aim holds the closer
// at p.go:30:3, and the order flip of that lock (hold p.go:30:3 until
// p.go:25:3) adds nothing and is left out.
func TestStopperAimBeforeFlips(t *testing.T) {
	trace := `deadhunt-trace 1
run 1 TestS
site 1 p.go:10:2 Watch
site 2 p.go:20:9 loop
site 3 p_test.go:8:2 TestS
site 4 p.go:30:3 Close
site 5 p.go:32:2 Close
site 6 p.go:25:3 loop
lock 0 R.mu 0x1
go 1 2 1
comm 2 2 2 1
comm 2 2 2 1
go 1 3 3
acq 3 0 4
comm 3 5 16 1
rel 3 0
acq 2 0 6
rel 2 0
comm 2 2 2 1
`
	name := filepath.Join(t.TempDir(), "TestS.random-0.trace")
	if err := os.WriteFile(name, []byte(trace), 0o644); err != nil {
		t.Fatal(err)
	}
	pr := &Predictions{Aims: map[TestKey][]Aim{}, Touched: map[TestKey]map[string]bool{}, acqs: map[TestKey][]*runCounts{}}
	pr.touch("p", []byte(trace))
	pr.addBlocking("p", []string{name}, &predict.Result{})
	aims := pr.Aims[TestKey{"p", "TestS"}]
	if len(aims) != 1 {
		t.Fatalf("%d aims %+v, want the stopper aim alone", len(aims), aims)
	}
	if p := aims[0].Target.Postpone; len(p) != 1 || p[0] != "p.go:30:3" || len(aims[0].Target.Until) != 0 {
		t.Errorf("postpone %v until %v, want p.go:30:3 and none", p, aims[0].Target.Until)
	}
}
