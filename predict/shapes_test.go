package predict

import (
	"slices"
	"testing"

	"github.com/deadhunt/deadhunt/report"
)

// shaped returns the predictions of shape s.
func shaped(ps []*Prediction, s string) []*Prediction {
	var out []*Prediction
	for _, p := range ps {
		if p.Block != nil && p.Block.Shape == s {
			out = append(out, p)
		}
	}
	return out
}

func checkHolds(t *testing.T, c *Prediction, postpone, until string) {
	t.Helper()
	var want []string
	if until != "" {
		want = []string{until}
	}
	if !slices.Equal(c.Target.Postpone, []string{postpone}) || !slices.Equal(c.Target.Until, want) {
		t.Errorf("postpone %v until %v, want %s until %s", c.Target.Postpone, c.Target.Until, postpone, until)
	}
	if f := c.Finding("p"); f.Kind != report.Blocked || f.CheckValid() != nil {
		t.Errorf("finding %+v: %v", f, f.CheckValid())
	}
}

const wgHead = `deadhunt-trace 1
run 1 TestS
site 0 s_test.go:10:2 f
site 1 s.go:20:3 handler
site 2 s.go:30:2 Shutdown
site 3 s_test.go:11:2 f
site 4 s.go:22:3 handler
`

// A handler counts itself (Add inside the goroutine) and Shutdown,
// started by the test, waits: no happens-before orders the Add before
// the Wait, so the handler is held at its Add until nothing else can
// step (the Wait returned and Shutdown went on).
func TestBlockingWGAdd(t *testing.T) {
	ps := shaped(blockFind(t, wgHead+`go 1 2 0
comm 2 1 2048 1
go 1 3 3
comm 3 2 32 1
comm 2 4 4096 1
`).Predictions(), ShapeWGAdd)
	if len(ps) != 1 {
		t.Fatalf("%d wg-add predictions, want 1", len(ps))
	}
	checkHolds(t, ps[0], "s.go:20:3", "")
	if got := siteList(ps[0].Target.Sites); got != "s.go:20:3, s.go:30:2" {
		t.Errorf("sites %v", ps[0].Target.Sites)
	}
	if ps[0].Block.Waiter != "s_test.go:10:2" || len(ps[0].Target.Goroutines) != 2 {
		t.Errorf("waiter %s goroutines %v", ps[0].Block.Waiter, ps[0].Target.Goroutines)
	}
}

// No candidate when the Add happens before the Wait (made before the go
// statements), when the adding goroutine adds for a child while its own
// count is pending, when the Wait returned before the Add (a reuse), or
// when the trace names no WaitGroup (written before the obj field).
func TestBlockingWGAddNone(t *testing.T) {
	for name, body := range map[string]string{
		"add before go": `comm 1 1 2048 1
go 1 2 0
go 1 3 3
comm 3 2 32 1
comm 2 4 4096 1
`,
		"add for a child": `comm 1 1 2048 1
go 1 2 0
go 1 3 3
comm 3 2 32 1
comm 2 1 2048 1
go 2 4 0
comm 4 4 4096 1
comm 2 4 4096 1
`,
		"add after the wait returned": `go 1 3 3
comm 3 2 32 1
go 3 2 0
comm 2 1 2048 1
`,
		"no object": `go 1 2 0
comm 2 1 2048
go 1 3 3
comm 3 2 32
`,
	} {
		if ps := shaped(blockFind(t, wgHead+body).Predictions(), ShapeWGAdd); len(ps) != 0 {
			t.Errorf("%s: %d predictions, want none: %s", name, len(ps), ps[0].Evidence)
		}
	}
}

const condHead = `deadhunt-trace 1
run 1 TestN
site 0 n_test.go:10:2 f
site 1 n_test.go:11:2 f
site 2 n.go:10:2 Wait
site 3 n.go:12:10 Wait
site 4 n.go:20:2 Cancel
site 5 n.go:22:2 Cancel
lock 0 N.mu 0x1
lock 1 N.stateMu 0x2
go 1 2 0
go 1 3 1
acq 2 0 2
rel 2 0
comm 2 3 64 1
`

// The canceller sets its flag under another lock and broadcasts without
// c.L: the waiter is held at its Wait (its condition checked) until the
// Broadcast. It comes before the plain lost-wakeup candidate of the same
// Wait, whose finding it shares.
func TestBlockingCondUnlocked(t *testing.T) {
	ps := blockFind(t, condHead+`acq 3 1 4
rel 3 1
comm 3 5 128 1
`).Predictions()
	if len(ps) != 2 || ps[0].Block.Shape != ShapeCondUnlocked || ps[1].Block.Shape != "" {
		t.Fatalf("%d predictions, want the cond-unlocked then the lost-wakeup one", len(ps))
	}
	checkHolds(t, ps[0], "n.go:12:10", "n.go:22:2")
	if got := ps[0].Target.Goroutines; !slices.Equal(got, []string{"n_test.go:11:2"}) {
		t.Errorf("ordered goroutines %v, want the signaller's only", got)
	}
	if ps[0].Finding("p").ID != ps[1].Finding("p").ID {
		t.Error("the two candidates of one waiter name different findings")
	}
}

// A signaller that took c.L since its last Signal set the condition
// under it: only the lost-wakeup candidate.
func TestBlockingCondUnlockedNone(t *testing.T) {
	ps := blockFind(t, condHead+`acq 3 0 4
rel 3 0
comm 3 5 128 1
`).Predictions()
	if len(shaped(ps, ShapeCondUnlocked)) != 0 || len(ps) != 1 {
		t.Errorf("%d predictions, want only the lost-wakeup one", len(ps))
	}
}

const lateHead = `deadhunt-trace 1
run 1 TestC
site 0 c_test.go:10:2 f
site 1 c_test.go:11:2 f
site 2 c.go:5:2 waitClosed
site 3 c.go:9:3 loop
go 1 2 0
go 1 3 1
`

// A receive completed by a send with a default: the receiver is held at
// its start (the receive is its first operation) and its receive until
// the send stepped (and took its default).
func TestBlockingLateReceive(t *testing.T) {
	ps := shaped(blockFind(t, lateHead+`comm 2 2 258 1
comm 3 3 265 1
hb 3 2
`).Predictions(), ShapeLateReceive)
	if len(ps) != 1 {
		t.Fatalf("%d late-receive predictions, want 1", len(ps))
	}
	if got := ps[0].Target.Postpone; !slices.Equal(got, []string{"c.go:5:2", "c_test.go:10:2"}) {
		t.Errorf("postpone %v, want the receive and the receiver's start", got)
	}
	if got := ps[0].Target.Until; !slices.Equal(got, []string{"c.go:9:3"}) {
		t.Errorf("until %v", got)
	}
}

// On a buffered channel the value waits for the receiver: no candidate.
func TestBlockingLateReceiveBuffered(t *testing.T) {
	if ps := blockFind(t, lateHead+`comm 2 2 2 1
comm 3 3 9 1
hb 3 2
`).Predictions(); len(ps) != 0 {
		t.Errorf("%d predictions, want none: %s", len(ps), ps[0].Evidence)
	}
}
